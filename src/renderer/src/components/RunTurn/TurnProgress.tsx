import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { IconCheck, IconClock, IconPlayerStop, IconX } from '@tabler/icons-react'
import type { ReactNode } from 'react'

import { VOTE_COLOURS } from '../Badges/VoteBadge'
import { formatCostUsd, formatDuration, formatTokens, isFinished } from './turn-state'
import type { ParticipantRow, ParticipantState, TurnState } from './turn-state'
import classes from './TurnProgress.module.css'

export interface TurnProgressProps {
  turn: TurnState
  /** Names by alias, shown before an answer is signed. */
  names?: ReadonlyMap<string, string>
  onCancel: () => void
  onClose: () => void
}

const LABELS: Record<ParticipantState, { label: string; color: string }> = {
  queued: { label: 'queued', color: 'gray' },
  thinking: { label: 'thinking', color: 'blue' },
  streaming: { label: 'answering', color: 'blue' },
  retrying: { label: 'retrying', color: 'orange' },
  done: { label: 'done', color: 'green' },
  'no-response': { label: 'nothing to add', color: 'gray' },
  failed: { label: 'failed', color: 'red' },
  skipped: { label: 'skipped', color: 'gray' },
}

function StateIcon({ state }: { state: ParticipantState }): ReactNode {
  if (state === 'thinking' || state === 'streaming' || state === 'retrying')
    return <Loader size={14} />
  if (state === 'done') return <IconCheck size={16} color="var(--mantine-color-green-6)" />
  if (state === 'failed') return <IconX size={16} color="var(--mantine-color-red-6)" />
  return <IconClock size={16} color="var(--mantine-color-dimmed)" />
}

function Row({ row, name }: { row: ParticipantRow; name: string | undefined }): ReactNode {
  const { label, color } = LABELS[row.state]
  return (
    <Stack gap={4} data-testid="turn-row" data-participant={row.alias} data-state={row.state}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <StateIcon state={row.state} />
          <Text size="sm" fw={600}>
            {row.author ?? name ?? `@${row.alias}`}
          </Text>
          <Badge size="xs" variant="light" color={color} data-testid="turn-state">
            {label}
          </Badge>
          {row.vote && (
            <Badge size="xs" color={VOTE_COLOURS[row.vote]} data-testid="turn-vote">
              {row.vote}
            </Badge>
          )}
        </Group>
        {row.durationMs !== null && (
          <Text size="xs" c="dimmed">
            {formatDuration(row.durationMs)}
          </Text>
        )}
      </Group>
      {(row.state === 'streaming' || row.state === 'thinking') && row.text !== '' && (
        <div className={classes.stream} data-testid="turn-stream">
          <div>{row.text}</div>
        </div>
      )}
      {row.state === 'done' && row.usage && (
        <Text size="xs" c="dimmed" data-testid="turn-usage">
          {row.provider} · {formatTokens(row.usage)} · {formatCostUsd(row.costUsd)}
        </Text>
      )}
      {row.reason && row.state !== 'done' && (
        <Text size="xs" c={row.state === 'failed' ? 'red' : 'dimmed'} data-testid="turn-reason">
          {row.reason}
        </Text>
      )}
    </Stack>
  )
}

function summary(turn: TurnState): string {
  if (turn.error) return `The turn stopped: ${turn.error}`
  if (!turn.outcome) {
    const done = turn.rows.filter(
      (row) => !['queued', 'thinking', 'streaming', 'retrying'].includes(row.state),
    )
    return `${done.length} of ${turn.rows.length} finished`
  }
  if (turn.outcome.cancelled) return 'Cancelled: answers already saved are kept.'
  const { READY, CHANGES, REJECT } = turn.outcome.votes
  const votes = `READY ${READY} · CHANGES ${CHANGES} · REJECT ${REJECT}`
  const phase = turn.phase?.to ? ` Phase moved to ${turn.phase.to}.` : ''
  const status = turn.phase?.status ? ` Status: ${turn.phase.status}.` : ''
  return `Turn finished. ${votes}.${phase}${status}`
}

/** The running turn, docked at the bottom: each participant's live state, then the outcome. */
export function TurnProgress({ turn, names, onCancel, onClose }: TurnProgressProps): ReactNode {
  const finished = isFinished(turn)
  return (
    <Paper withBorder p="sm" radius="md" className={classes.panel} data-testid="turn-progress">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={700} size="sm">
          {finished ? 'Turn' : 'Turn in progress'}
        </Text>
        {finished ? (
          <Button size="compact-sm" variant="default" onClick={onClose}>
            Close
          </Button>
        ) : (
          <Button
            size="compact-sm"
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={14} />}
            onClick={onCancel}
          >
            Cancel turn
          </Button>
        )}
      </Group>
      <Stack gap="sm" className={classes.rows}>
        {turn.rows.map((row) => (
          <Row key={row.alias} row={row} name={names?.get(row.alias)} />
        ))}
      </Stack>
      <Text size="xs" mt="xs" c={turn.error ? 'red' : 'dimmed'} data-testid="turn-summary">
        {summary(turn)}
      </Text>
    </Paper>
  )
}
