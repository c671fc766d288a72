import { Table } from '@mantine/core'
import type { ReactNode } from 'react'

import type { CouncilInfo } from '@shared/contract'
import { formatTokens } from '../RunTurn/turn-state'
import { callCount, stageCost, stageTime, stageTitle } from './council-format'

/** Calls, tokens, cost and time of each stage and of the whole council. */
export function StageUsageTable({ info }: { info: CouncilInfo }): ReactNode {
  return (
    <Table fz="xs" verticalSpacing={2} data-testid="council-usage">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Stage</Table.Th>
          <Table.Th>Calls</Table.Th>
          <Table.Th>Tokens</Table.Th>
          <Table.Th>Cost</Table.Th>
          <Table.Th>Time</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...info.stages, info.total].map((row) => (
          <Table.Tr
            key={row.stage}
            fw={row.stage === 'total' ? 600 : undefined}
            data-stage={row.stage}
          >
            <Table.Td>{stageTitle(row.stage)}</Table.Td>
            <Table.Td>{callCount(row.calls)}</Table.Td>
            <Table.Td>{formatTokens(row)}</Table.Td>
            <Table.Td>{stageCost(row)}</Table.Td>
            <Table.Td>{stageTime(row.elapsedMs)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
