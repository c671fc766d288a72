import { Badge, Group, Loader, Stack, Text, Tooltip } from '@mantine/core'
import { IconCheck, IconClock, IconX } from '@tabler/icons-react'
import type { ReactNode } from 'react'

import type { DebateRunProgress, ParticipantState } from '@core/debate/progress'
import { readableBadgeText } from '../Badges/readable-badge'

const COLOURS: Record<ParticipantState, string> = {
  waiting: 'gray',
  writing: 'blue',
  done: 'teal',
  absent: 'red',
}

function StateIcon({ state }: { state: ParticipantState }): ReactNode {
  if (state === 'writing') return <Loader size={10} color="blue" />
  if (state === 'done') return <IconCheck size={12} />
  if (state === 'absent') return <IconX size={12} />
  return <IconClock size={12} />
}

/** This round's phases, one line each, with every participant's progress in it. */
export function DebateProgressGrid({
  progress,
  running,
}: {
  progress: DebateRunProgress
  running: boolean
}): ReactNode {
  return (
    <Stack gap={4} data-testid="debate-progress" aria-live="polite">
      {progress.phases.map(({ phase, participants }) => (
        <Group key={phase} gap="xs" wrap="nowrap" data-phase={phase}>
          <Text size="xs" c="dimmed" tt="capitalize" miw={64}>
            {phase}
          </Text>
          <Group gap={6}>
            {Object.entries(participants).map(([alias, participant]) => {
              const state =
                !running && participant.state === 'writing' ? 'waiting' : participant.state
              const words =
                state === 'writing'
                  ? `writing (${participant.chars.toLocaleString('en')} characters)`
                  : state === 'absent'
                    ? `absent: ${participant.note ?? ''}`
                    : state
              return (
                <Tooltip key={alias} label={`@${alias} ${words}`} multiline maw={360}>
                  <Badge
                    size="lg"
                    variant={state === 'done' ? 'light' : 'outline'}
                    color={COLOURS[state]}
                    leftSection={<StateIcon state={state} />}
                    tt="none"
                    style={readableBadgeText(COLOURS[state])}
                    data-testid="debate-participant"
                    data-alias={alias}
                    data-state={state}
                  >
                    @{alias}
                    {state === 'writing' && participant.chars > 0 ? ` · ${participant.chars}` : ''}
                  </Badge>
                </Tooltip>
              )
            })}
          </Group>
        </Group>
      ))}
    </Stack>
  )
}
