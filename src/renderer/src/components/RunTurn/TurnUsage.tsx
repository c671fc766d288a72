import { Text } from '@mantine/core'
import type { ReactNode } from 'react'

import { formatCostUsd, formatDuration, formatTokens } from './turn-state'
import type { RowOutline } from './turn-outline'

/** What one answer of a turn took: provider, time, tokens and cost. */
export function TurnUsage({ row }: { row: RowOutline }): ReactNode {
  const parts = [
    row.provider,
    row.durationMs !== null ? formatDuration(row.durationMs) : null,
    row.usage ? formatTokens(row.usage) : null,
    row.usage ? formatCostUsd(row.costUsd) : null,
  ].filter((part): part is string => part !== null)
  return (
    <Text size="xs" c="dimmed" mt="xs" data-testid="turn-usage">
      This turn: {parts.join(' · ')}
      {row.reason ? ` · ${row.reason}` : ''}
    </Text>
  )
}
