import { Group, Table, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react'
import type { ReactNode } from 'react'

import type { SortColumn, SortOrder } from './list-order'

export interface SortHeaderProps {
  column: SortColumn
  order: SortOrder | null
  onSort: (column: SortColumn) => void
  children: ReactNode
  align?: 'left' | 'right'
}

/**
 * A column header that sorts: a button (click, Enter or Space) inside a header cell whose
 * aria-sort says the order, so a screen reader hears "sorted ascending".
 */
export function SortHeader({
  column,
  order,
  onSort,
  children,
  align = 'left',
}: SortHeaderProps): ReactNode {
  const sorted = order?.column === column ? order.direction : null
  // Only the sorted column shows an arrow: six idle icons would push the last column off a
  // narrow window; the header's button, its focus ring and aria-sort say that it sorts.
  const Icon = sorted === 'ascending' ? IconArrowUp : sorted === 'descending' ? IconArrowDown : null
  return (
    // The label may wrap ("Last activity" on two lines) so every column fits a narrow window.
    <Table.Th aria-sort={sorted ?? 'none'} ta={align}>
      <UnstyledButton onClick={() => onSort(column)} data-sort-column={column}>
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          <span>{children}</span>
          {Icon && <Icon size={14} aria-hidden style={{ flexShrink: 0 }} />}
        </Group>
      </UnstyledButton>
    </Table.Th>
  )
}
