import { Badge, Group, Text, Tooltip } from '@mantine/core'
import { IconChevronRight } from '@tabler/icons-react'
import { Fragment } from 'react'
import type { ReactNode } from 'react'

import type { PhaseInfo } from '../../../../shared/contract'

export interface PhaseStepsProps {
  phases: readonly PhaseInfo[]
  /** The discussion's current phase id. */
  current: string | null
}

/** The template's phases in order: done ones muted, the current one filled. */
export function PhaseSteps({ phases, current }: PhaseStepsProps): ReactNode {
  if (phases.length === 0)
    return current ? (
      <Badge variant="filled" size="md" data-current>
        {current.replace(/_/g, ' ')}
      </Badge>
    ) : null
  const at = phases.findIndex((phase) => phase.id.toLowerCase() === current?.toLowerCase())
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
    </Group>
  )
}
