import { Alert, Badge, Button, Group, Loader, Paper, Text } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import type { ReactNode } from 'react'

import { AuthorAvatar } from '../AuthorAvatar/AuthorAvatar'
import { VoteBadge } from '../Badges/VoteBadge'
import { Markdown } from '../Markdown/Markdown'
import { isActive } from './turn-state'
import type { ParticipantRow, ParticipantState } from './turn-state'
import { TurnUsage } from './TurnUsage'
import classes from './RunTurn.module.css'

const LABELS: Record<ParticipantState, { label: string; color: string }> = {
  queued: { label: 'queued', color: 'gray' },
  thinking: { label: 'thinking', color: 'blue' },
  streaming: { label: 'answering', color: 'blue' },
  retrying: { label: 'retrying', color: 'orange' },
  done: { label: 'done', color: 'green' },
  'no-response': { label: 'nothing to add', color: 'gray' },
  failed: { label: 'failed', color: 'red' },
  skipped: { label: 'skipped', color: 'gray' },
  cancelled: { label: 'cancelled', color: 'gray' },
}

const WAITING: Partial<Record<ParticipantState, string>> = {
  queued: 'Waiting for a free slot…',
  thinking: 'Reading the discussion…',
  streaming: 'Starting to answer…',
  retrying: 'Trying the next provider…',
  'no-response': 'Had nothing to add this turn.',
  cancelled: 'Cancelled: nothing of this answer was saved.',
}

export interface PendingAnswerProps {
  row: ParticipantRow
  /** The persona's name (AI-Architect) before the answer signs it. */
  name: string | undefined
  /** Asks this participant again; absent while the turn still runs. */
  onRetry?: () => void
  onOpenLink: (href: string) => void
}

/**
 * One participant's answer of the running turn, where it will land at the end of the thread:
 * its state, the answer streaming in as rendered markdown, then what it cost, or why it failed.
 */
export function PendingAnswer({ row, name, onRetry, onOpenLink }: PendingAnswerProps): ReactNode {
  const { label, color } = LABELS[row.state]
  const author = row.author ?? name ?? `@${row.alias}`
  const waiting = row.text === '' || row.state === 'retrying' ? WAITING[row.state] : undefined
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      className={classes.pending}
      data-testid="pending-answer"
      data-participant={row.alias}
      data-state={row.state}
      aria-busy={isActive(row.state)}
      aria-label={`${author}: ${label}`}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <AuthorAvatar name={author} human={false} size="md" />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate>
              {author}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              @{row.alias} · this turn
            </Text>
          </div>
        </Group>
        <Group gap={6} wrap="nowrap">
          <Badge
            size="sm"
            variant="light"
            color={color}
            data-testid="turn-state"
            leftSection={isActive(row.state) ? <Loader size={10} color={color} /> : undefined}
            style={{ flexShrink: 0, overflow: 'visible' }}
          >
            {label}
          </Badge>
          <VoteBadge vote={row.vote} />
        </Group>
      </Group>
      {row.state === 'failed' ? (
        <Alert color="red" p="xs" variant="light" data-testid="turn-reason">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {row.reason ?? 'The provider gave no answer.'}
            </Text>
            {onRetry && (
              <Button
                size="compact-sm"
                variant="white"
                color="red"
                leftSection={<IconRefresh size={14} />}
                onClick={onRetry}
                style={{ flexShrink: 0 }}
              >
                Retry @{row.alias}
              </Button>
            )}
          </Group>
        </Alert>
      ) : waiting ? (
        <Text size="sm" c="dimmed" fs="italic" data-testid="turn-waiting">
          {waiting}
        </Text>
      ) : (
        <div data-testid="turn-stream">
          <Markdown text={row.text} onOpenLink={onOpenLink} />
        </div>
      )}
      {row.state === 'retrying' && row.reason && (
        <Text size="xs" c="orange" mt={4} data-testid="turn-reason">
          {row.reason}
        </Text>
      )}
      {row.state === 'skipped' && row.reason && (
        <Text size="xs" c="dimmed" mt={4} data-testid="turn-reason">
          {row.reason}
        </Text>
      )}
      {row.state === 'done' && <TurnUsage row={row} />}
    </Paper>
  )
}
