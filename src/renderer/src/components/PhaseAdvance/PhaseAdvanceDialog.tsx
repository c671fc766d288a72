import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import type { DiscussionDetail } from '@shared/contract'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { phaseTitle } from '../RunTurn/phase-names'
import { notifyError, notifyInfo } from '../../notify'
import { Dialog } from '../Dialog/Dialog'

export interface PhaseAdvanceDialogProps {
  opened: boolean
  detail: DiscussionDetail
  onClose: () => void
}

/** Moves the discussion to the next phase or a chosen one; the file records it and resets votes. */
export function PhaseAdvanceDialog({
  opened,
  detail,
  onClose,
}: PhaseAdvanceDialogProps): ReactNode {
  const api = useApi()
  const index = detail.phases.findIndex((phase) => phase.id === detail.phase)
  const next = detail.phases[index + 1]?.id ?? null
  const [target, setTarget] = useState<string | null>(next)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (opened) setTarget(next)
  }, [opened, next])

  const current = detail.phases[index]
  const chosen = detail.phases.find((phase) => phase.id === target)
  const advance = async (): Promise<void> => {
    if (!target) return
    setBusy(true)
    try {
      const moved = await call(api.phases.advance({ path: detail.path, to: target }))
      notifyInfo(
        `Moved from ${phaseTitle(detail.phases, moved.from)} to ${phaseTitle(detail.phases, moved.to)}. Votes are reset: only votes from now on count.`,
        'Phase advanced',
      )
      onClose()
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Phase not changed')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog opened={opened} onClose={onClose} title="Advance the phase" centered>
      <Stack gap="md">
        {detail.phases.length === 0 ? (
          <Alert color="yellow">This discussion has no known template, so it has no phases.</Alert>
        ) : (
          <>
            <Text size="sm">
              Now: <b>{current?.title ?? detail.phase ?? 'unknown'}</b>
            </Text>
            <Select
              label="Move to"
              data={detail.phases
                .filter((phase) => phase.id !== detail.phase)
                .map((phase) => ({
                  value: phase.id,
                  label: phase.id === next ? `${phase.title} (next)` : phase.title,
                }))}
              value={target}
              onChange={setTarget}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            {chosen && (
              <Text size="xs" c="dimmed">
                {chosen.goal ?? ''} {chosen.voting ? 'Participants vote in this phase.' : ''}
              </Text>
            )}
            <Alert color="blue" p="xs">
              <Text size="sm">
                The transition is written into the file, and the votes are reset: every vote so far
                stays readable, but only votes cast after it count towards consensus.
              </Text>
            </Alert>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void advance()} loading={busy} disabled={!target} data-autofocus>
            Advance
          </Button>
        </Group>
      </Stack>
    </Dialog>
  )
}
