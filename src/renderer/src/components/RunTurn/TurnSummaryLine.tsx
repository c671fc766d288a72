import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import { IconArrowBackUp, IconPlayerStop, IconRefresh, IconX } from '@tabler/icons-react'
import { useState } from 'react'
import type { ReactNode } from 'react'

import type { PhaseInfo } from '@shared/contract'
import { phaseTitle } from './phase-names'
import { isActive, isFinished } from './turn-state'
import type { TurnOutline } from './turn-outline'
import classes from './RunTurn.module.css'
import { ERROR_TEXT } from '../../theme'

export interface TurnSummaryLineProps {
  turn: TurnOutline
  /** The template's phases, to name a phase change as the template does. */
  phases: readonly PhaseInfo[]
  onCancel: () => void
  onRetry: (aliases: string[]) => void
  onClose: () => void
  /** Moves the phase back to where the turn found it (only offered when the turn moved it). */
  onUndoPhase: () => Promise<void>
}

function headline(turn: TurnOutline, phases: readonly PhaseInfo[]): string {
  if (turn.error) return `The turn stopped: ${turn.error}`
  if (!turn.outcome) {
    const finished = turn.rows.filter((row) => !isActive(row.state)).length
    return `Turn in progress: ${finished} of ${turn.rows.length} finished.`
  }
  if (turn.outcome.cancelled) return 'You cancelled the turn: answers already saved are kept.'
  const failed = turn.rows.filter((row) => row.state === 'failed').length
  if (failed > 0 && failed === turn.rows.length)
    return failed === 1
      ? 'The turn failed: its one answer failed, nothing was added.'
      : `The turn failed: all ${failed} answers failed, nothing was added.`
  const { READY, CHANGES, REJECT } = turn.outcome.votes
  const votes = `READY ${READY} · CHANGES ${CHANGES} · REJECT ${REJECT}`
  const from = turn.phase ? phaseTitle(phases, turn.phase.from) : ''
  const moved = !turn.phase?.to
    ? ''
    : turn.phaseUndone
      ? ` Phase moved from ${from} to ${phaseTitle(phases, turn.phase.to)}, then back to ${from}: you undid it.`
      : ` Phase moved from ${from} to ${phaseTitle(phases, turn.phase.to)}.`
  const status = turn.phase?.status ? ` Status: ${turn.phase.status.replace(/_/g, ' ')}.` : ''
  return `Turn finished. ${votes}.${moved}${status}`
}

/**
 * The turn's line at the end of the thread: progress and Cancel while it runs; afterwards the
 * votes, any phase change and every failure (with Retry), until the person dismisses it.
 */
export function TurnSummaryLine({
  turn,
  phases,
  onCancel,
  onRetry,
  onClose,
  onUndoPhase,
}: TurnSummaryLineProps): ReactNode {
  const [undoing, setUndoing] = useState(false)
  const finished = isFinished(turn)
  const undoable = finished && Boolean(turn.phase?.to) && !turn.phaseUndone
  const failed = turn.rows.filter((row) => row.state === 'failed')
  const problem = Boolean(turn.error) || failed.length > 0
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      className={classes.summary}
      data-problem={problem || undefined}
      data-testid="turn-summary"
      role="status"
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={4} miw={0}>
          <Text
            size="sm"
            fw={600}
            c={
              turn.error || (failed.length > 0 && failed.length === turn.rows.length)
                ? ERROR_TEXT
                : undefined
            }
            data-testid="turn-headline"
          >
            {headline(turn, phases)}
          </Text>
          {finished && failed.length > 0 && (
            <Text size="sm" c={ERROR_TEXT} data-testid="turn-failures">
              {failed.length === 1 ? '1 answer failed: ' : `${failed.length} answers failed: `}
              {failed.map((row) => `@${row.alias} (${row.reason ?? 'no answer'})`).join('; ')}
            </Text>
          )}
        </Stack>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          {!finished && (
            <Button
              size="compact-sm"
              color="red"
              variant="light"
              leftSection={<IconPlayerStop size={14} />}
              onClick={onCancel}
              disabled={turn.cancelRequested}
            >
              {turn.cancelRequested ? 'Cancelling…' : 'Cancel turn'}
            </Button>
          )}
          {undoable && turn.phase && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconArrowBackUp size={14} />}
              loading={undoing}
              onClick={() => {
                setUndoing(true)
                void onUndoPhase().finally(() => setUndoing(false))
              }}
            >
              Back to {phaseTitle(phases, turn.phase.from)}
            </Button>
          )}
          {finished && failed.length > 1 && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              onClick={() => onRetry(failed.map((row) => row.alias))}
            >
              Retry all failed
            </Button>
          )}
          {finished && (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconX size={14} />}
              onClick={onClose}
              aria-label="Dismiss the turn's summary"
            >
              Dismiss
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  )
}
