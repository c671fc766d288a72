import { Group, Table, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react'
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
  const Icon =
    sorted === 'ascending' ? IconArrowUp : sorted === 'descending' ? IconArrowDown : IconSelector
  return (
    <Table.Th aria-sort={sorted ?? 'none'} style={{ whiteSpace: 'nowrap' }} ta={align}>
      <UnstyledButton onClick={() => onSort(column)} data-sort-column={column}>
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          <span>{children}</span>
          <Icon size={14} aria-hidden opacity={sorted ? 1 : 0.45} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  )
}
