import { Button, Group, Select, Textarea } from '@mantine/core'
import { useState } from 'react'
import type { ReactNode } from 'react'

import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { notifyError, notifyInfo } from '../../notify'

export interface DecisionControlsProps {
  path: string
  proposals: string[]
  onDecided: () => void
}

/** The human's decision on an escalated debate: adopt one proposal, or reject them all. */
export function DecisionControls({ path, proposals, onDecided }: DecisionControlsProps): ReactNode {
  const api = useApi()
  const [choice, setChoice] = useState<string | null>(proposals[0] ?? null)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const decide = async (request: { accept?: string; reject?: boolean }): Promise<void> => {
    setBusy(true)
    try {
      const outcome = await call(
        api.debates.decide({ path, ...request, ...(reason.trim() ? { reason } : {}) }),
      )
      notifyInfo(
        outcome.kind === 'accepted' ? `${outcome.proposal} adopted.` : 'Every proposal rejected.',
        'Debate decided',
      )
      onDecided()
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Not decided')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Group align="end" gap="sm">
      <Select
        label="Proposal"
        data={proposals}
        value={choice}
        onChange={setChoice}
        w={110}
        allowDeselect={false}
      />
      <Textarea
        label="Reason (kept in the file)"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        autosize
        minRows={1}
        style={{ flex: 1 }}
      />
      <Button
        disabled={!choice}
        loading={busy}
        onClick={() => choice && void decide({ accept: choice })}
      >
        Accept {choice}
      </Button>
      <Button
        color="red"
        variant="light"
        loading={busy}
        onClick={() => void decide({ reject: true })}
      >
        Reject all
      </Button>
    </Group>
  )
}
