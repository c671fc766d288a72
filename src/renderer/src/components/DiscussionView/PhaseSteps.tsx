import { Badge, Group, Text, Tooltip } from '@mantine/core'
import { IconChevronRight } from '@tabler/icons-react'
import { Fragment } from 'react'
import type { ReactNode } from 'react'

import type { PhaseInfo } from '@shared/contract'

export interface PhaseStepsProps {
  phases: readonly PhaseInfo[]
  /** The discussion's current phase id. */
  current: string | null
  /**
   * Phases that are outcomes, not steps (a debate's `decided`, `escalated`): shown apart, after
   * the sequence, and lit only when reached. Default: none.
   */
  outcomes?: readonly string[]
}

/** The template's phases in order: done ones muted, the current one filled. */
export function PhaseSteps({ phases: all, current, outcomes = [] }: PhaseStepsProps): ReactNode {
  const isOutcome = (id: string): boolean => outcomes.includes(id.toLowerCase())
  const phases = all.filter((phase) => !isOutcome(phase.id))
  const ends = all.filter((phase) => isOutcome(phase.id))
  if (phases.length === 0)
    return current ? (
      <Badge variant="filled" size="md" data-current>
        {current.replace(/_/g, ' ')}
      </Badge>
    ) : null
  const reached = ends.find((phase) => phase.id.toLowerCase() === current?.toLowerCase())
  // Once an outcome is reached, every step before it is done.
  const at = reached
    ? phases.length
    : phases.findIndex((phase) => phase.id.toLowerCase() === current?.toLowerCase())
  return (
    <Group gap={4} wrap="wrap" aria-label="Phases" data-testid="phases">
      {phases.map((phase, index) => {
        const state = index === at ? 'current' : at >= 0 && index < at ? 'done' : 'todo'
        return (
          <Fragment key={phase.id}>
            {index > 0 && <IconChevronRight size={14} color="var(--mantine-color-dimmed)" />}
            <Tooltip label={phase.goal ?? phase.title} disabled={!phase.goal} multiline maw={320}>
              <Badge
                size="md"
                radius="sm"
                variant={state === 'current' ? 'filled' : state === 'done' ? 'light' : 'outline'}
                color={state === 'todo' ? 'gray' : undefined}
                data-current={state === 'current' || undefined}
                aria-current={state === 'current' ? 'step' : undefined}
                tt="none"
              >
                <Text span size="xs" fw={state === 'current' ? 700 : 500}>
                  {index + 1}. {phase.title}
                  {phase.voting ? ' · vote' : ''}
                </Text>
              </Badge>
            </Tooltip>
          </Fragment>
        )
      })}
      {ends.length > 0 && (
        <Group gap={4} ml="sm" aria-label="Outcomes" data-testid="outcomes">
          <Text span size="xs" c="dimmed">
            ends:
          </Text>
          {ends.map((phase) => {
            const isReached = phase === reached
            return (
              <Tooltip key={phase.id} label={phase.goal ?? phase.title} disabled={!phase.goal}>
                <Badge
                  size="md"
                  radius="xl"
                  variant={isReached ? 'filled' : 'outline'}
                  color={isReached ? undefined : 'gray'}
                  data-current={isReached || undefined}
                  aria-current={isReached ? 'step' : undefined}
                  tt="none"
                >
                  <Text span size="xs" fw={isReached ? 700 : 500}>
                    {phase.title}
                  </Text>
                </Badge>
              </Tooltip>
            )
          })}
        </Group>
      )}
    </Group>
  )
}
