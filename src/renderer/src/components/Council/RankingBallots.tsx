import { Badge, Paper, SimpleGrid, Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'

import type { CouncilInfo } from '@shared/contract'

function ordinal(place: number): string {
  return ['1st', '2nd', '3rd'][place - 1] ?? `${place}th`
}

/**
 * Each ranker's raw ballot, best first, with the letter it saw and (revealed now) the member that
 * letter stood for, beside the Borda aggregate; members the count cannot part share a place and
 * say "tie".
 */
export function RankingBallots({ info }: { info: CouncilInfo }): ReactNode {
  if (info.ballots.length === 0)
    return (
      <Text size="sm" c="dimmed">
        The ballots appear here when the rankers have answered.
      </Text>
    )
  const places = Math.max(...info.ballots.map((ballot) => ballot.order.length))
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Paper p="xs" withBorder>
        <Text size="xs" fw={600} mb={4}>
          Each ranker&apos;s ballot (names revealed after ranking)
        </Text>
        <Table fz="xs" verticalSpacing={4} data-testid="council-ballots">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Ranker</Table.Th>
              {Array.from({ length: places }, (_, i) => (
                <Table.Th key={i}>{ordinal(i + 1)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {info.ballots.map((ballot) => (
              <Table.Tr key={ballot.ranker} data-ranker={ballot.ranker}>
                <Table.Td fw={600}>{ballot.ranker}</Table.Td>
                {ballot.order.map((entry) => (
                  <Table.Td key={entry.letter}>
                    <Text span size="xs" c="dimmed">
                      {entry.letter} ={' '}
                    </Text>
                    {entry.member}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper p="xs" withBorder>
        <Text size="xs" fw={600} mb={4}>
          Aggregate (Borda count: last place 0 points, each place above one more)
        </Text>
        <Table fz="xs" verticalSpacing={4} data-testid="council-standings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Place</Table.Th>
              <Table.Th>Member</Table.Th>
              <Table.Th>Points</Table.Th>
              <Table.Th>First on</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {info.standings.map((standing) => (
              <Table.Tr
                key={standing.member}
                data-member={standing.member}
                data-place={standing.place}
                data-tied={standing.tied}
              >
                <Table.Td>
                  {standing.place}
                  {standing.tied && (
                    <Badge size="xs" ml={6} variant="light" color="gray" tt="none">
                      tie
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td fw={600}>{standing.member}</Table.Td>
                <Table.Td>{standing.points}</Table.Td>
                <Table.Td>
                  {standing.firsts} of {info.ballots.length}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </SimpleGrid>
  )
}
