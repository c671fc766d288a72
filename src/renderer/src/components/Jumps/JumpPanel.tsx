import { ActionIcon, Badge, Button, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core'
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react'
import type { ReactNode } from 'react'

import { JUMP_KEYS, UNREAD_KEY } from '@core/navigation/jumps'
import type { Jumps } from './useJumps'

const ROWS = [
  { kind: 'question', label: 'Questions', one: 'open question' },
  { kind: 'concern', label: 'Concerns', one: 'concern' },
  { kind: 'decision', label: 'Decisions', one: 'decision' },
  { kind: 'reject', label: 'REJECT votes', one: 'REJECT vote' },
] as const

/** The side panel's jumps: previous and next of each kind, and the first unread comment. */
export function JumpPanel({ jumps }: { jumps: Jumps }): ReactNode {
  return (
    <section aria-label="Jump to" data-testid="jump-panel">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.5} mb={6}>
        Jump to
      </Text>
      {ROWS.map(({ kind, label, one }) => {
        const key = JUMP_KEYS[kind].toUpperCase()
        const none = jumps.counts[kind] === 0
        return (
          <Group key={kind} justify="space-between" gap={4} wrap="nowrap" mb={2}>
            <Text size="sm">
              {label}{' '}
              <Badge size="xs" variant="light" color="gray" component="span">
                {jumps.counts[kind]}
              </Badge>
            </Text>
            <Group gap={4} wrap="nowrap">
              <Tooltip label={`Previous (Shift+${key})`}>
                <ActionIcon
                  variant="default"
                  size="sm"
                  aria-label={`Previous ${one} (Shift+${key})`}
                  disabled={none}
                  onClick={() => jumps.jump(kind, -1)}
                >
                  <IconChevronUp size={14} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={`Next (${key})`}>
                <ActionIcon
                  variant="default"
                  size="sm"
                  aria-label={`Next ${one} (${key})`}
                  disabled={none}
                  onClick={() => jumps.jump(kind, 1)}
                >
                  <IconChevronDown size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        )
      })}
      <Button
        mt={6}
        size="xs"
        variant="light"
        fullWidth
        disabled={jumps.unread === null}
        onClick={() => jumps.jump('unread', 1)}
      >
        {jumps.unread === null
          ? 'Nothing new since you last read it'
          : `First unread: #${jumps.unread} (${UNREAD_KEY.toUpperCase()})`}
      </Button>
      <VisuallyHidden role="status" aria-live="polite">
        {jumps.said}
      </VisuallyHidden>
      {jumps.said !== '' && (
        <Text size="xs" c="dimmed" mt={4} aria-hidden data-testid="jump-said">
          {jumps.said}
        </Text>
      )}
    </section>
  )
}
