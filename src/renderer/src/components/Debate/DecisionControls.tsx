import { Button, Group, Select } from '@mantine/core'
import { useState } from 'react'
import type { ReactNode } from 'react'

import { REQUEST_SCHEMAS } from '@shared/contract'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { fieldProblem, limitOf } from '../../lib/field-rules'
import type { FieldRule } from '../../lib/field-rules'
import { notifyError, notifyInfo } from '../../notify'
import { CheckedTextarea } from '../Fields/CheckedField'

/** The reason is required: a decision without one is not written (the form rules' one message). */
const REASON: FieldRule = {
  name: 'reason',
  max: limitOf(REQUEST_SCHEMAS['debates:decide'].shape.reason),
  required: true,
}

export interface DecisionControlsProps {
  path: string
  /** The proposals in play (the last round's): the only ones the decision may adopt. */
  proposals: string[]
  onDecided: () => void
}

/**
 * The human's decision on an escalated debate: adopt one of the proposals in play, or reject
 * them all, and say why: the reason is written into the file with the decision.
 */
export function DecisionControls({ path, proposals, onDecided }: DecisionControlsProps): ReactNode {
  const api = useApi()
  const [choice, setChoice] = useState<string | null>(
    proposals.length === 1 ? (proposals[0] ?? null) : null,
  )
  const [reason, setReason] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const decide = async (request: { accept?: string; reject?: boolean }): Promise<void> => {
    setSubmitted(true)
    if (fieldProblem(reason, REASON)) return // said under the field
    setBusy(true)
    try {
      const outcome = await call(api.debates.decide({ path, ...request, reason: reason.trim() }))
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
        label="Proposal in play"
        placeholder="Choose"
        data={proposals}
        value={choice}
        onChange={setChoice}
        w={150}
        allowDeselect={false}
      />
      <CheckedTextarea
        label="Why (kept in the file)"
        placeholder="The reason for your decision"
        rule={REASON}
        value={reason}
        onValue={setReason}
        submitted={submitted}
        autosize
        minRows={1}
        style={{ flex: 1 }}
      />
      <Button
        disabled={!choice}
        loading={busy}
        onClick={() => choice && void decide({ accept: choice })}
      >
        {choice ? `Accept ${choice}` : 'Accept'}
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
