import { Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'

import { formatTokenCount } from '@core/budget/format-spend'
import { formatCost } from '@core/providers/usage'
import type { CostRangeInfo, RunEstimateInfo } from '@shared/contract'
import classes from './Budget.module.css'

/** `$0.0010 / $0.0020 / $0.0100`, or unknown for a provider without `prices` (never $0). */
export function costRange(cost: CostRangeInfo | null): string {
  if (!cost) return 'unknown (no prices)'
  return `${formatCost(cost.low)} / ${formatCost(cost.expected)} / ${formatCost(cost.high)}`
}

/** The whole run's line: calls, tokens, cost, and what the cost leaves out. */
export function estimateTotalLine(estimate: RunEstimateInfo): string {
  const { total } = estimate
  const unpriced =
    total.unpriced.length > 0
      ? ` (partial: no prices for ${total.unpriced.map((name) => `"${name}"`).join(', ')})`
      : ''
  const calls = `${total.calls} call${total.calls === 1 ? '' : 's'}`
  return `Total: ${calls}, ${formatTokenCount(total.promptTokens)} prompt tokens, up to ${formatTokenCount(total.ceilingTokens)} answer tokens; cost ${costRange(total.costUsd)}${unpriced}.`
}

/**
 * The estimate as `--estimate` prints it: one row per call (persona or step), then the total
 * and how tokens were counted.
 */
export function EstimateTable({ estimate }: { estimate: RunEstimateInfo }): ReactNode {
  return (
    <div data-testid="estimate">
      {/* A region of its own that scrolls, reachable with the keyboard (a council lists many calls). */}
      <div className={classes.calls} tabIndex={0} role="region" aria-label="Estimate, call by call">
        <Table fz="xs" verticalSpacing={2} horizontalSpacing="xs" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Call</Table.Th>
              <Table.Th>Provider</Table.Th>
              <Table.Th ta="right">Prompt</Table.Th>
              <Table.Th ta="right">Answer max</Table.Th>
              <Table.Th ta="right">Cost low / expected / high</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {estimate.calls.map((call, index) => (
              <Table.Tr key={`${call.participant}-${index}`} data-testid="estimate-row">
                <Table.Td>
                  {call.likely === false ? `${call.participant} (if needed)` : call.participant}
                </Table.Td>
                <Table.Td>{call.provider}</Table.Td>
                <Table.Td ta="right">{formatTokenCount(call.promptTokens)}</Table.Td>
                <Table.Td ta="right">{formatTokenCount(call.ceilingTokens)}</Table.Td>
                <Table.Td ta="right">{costRange(call.costUsd)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <Text size="xs" mt={4} data-testid="estimate-total">
        {estimateTotalLine(estimate)}
      </Text>
      <Text size="xs" c="dimmed" data-testid="estimate-counting">
        Tokens counted by {estimate.counting}. Nothing is sent until you start.
      </Text>
    </div>
  )
}
