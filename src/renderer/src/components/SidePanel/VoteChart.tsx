import { Group, Progress, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

import { VOTE_VALUES } from '@core/format/model'
import type { VoteCounts } from '@core/voting/consensus'
import { VOTE_COLOURS } from '../Badges/VoteBadge'

export interface VoteChartProps {
  counts: VoteCounts
  /** How many participants could vote: bars are drawn against it (at least the votes cast). */
  of: number
}

/** A small bar chart: one bar a vote value, its length the share of participants. */
export function VoteChart({ counts, of }: VoteChartProps): ReactNode {
  const total = Math.max(of, counts.READY + counts.CHANGES + counts.REJECT, 1)
  return (
    <Stack
      gap={6}
      role="img"
      aria-label={`Votes: ${counts.READY} READY, ${counts.CHANGES} CHANGES, ${counts.REJECT} REJECT`}
      data-testid="vote-chart"
    >
      {VOTE_VALUES.map((vote) => (
        <Group key={vote} gap="xs" wrap="nowrap">
          <Text size="xs" fw={600} w={62} c="dimmed">
            {vote}
          </Text>
          <Progress
            value={(counts[vote] / total) * 100}
            color={VOTE_COLOURS[vote]}
            size="lg"
            radius="sm"
            style={{ flex: 1 }}
            aria-hidden
          />
          <Text size="xs" fw={700} w={18} ta="right" data-testid={`votes-${vote}`}>
            {counts[vote]}
          </Text>
        </Group>
      ))}
    </Stack>
  )
}
