import { Badge } from '@mantine/core'
import type { ReactNode } from 'react'

export function statusColour(status: string | null): string {
  const value = (status ?? '').toUpperCase()
  if (/REJECT|CLOSED|ABANDON/.test(value)) return 'red'
  if (/READY|DONE|ACCEPT|APPROVED|COMPLETE|DECIDED/.test(value)) return 'green'
  if (/BLOCK|HOLD|CHANGES/.test(value)) return 'orange'
  return 'blue'
}

export function StatusBadge({
  status,
  size = 'sm',
}: {
  status: string | null
  size?: 'xs' | 'sm' | 'md' | 'lg'
}): ReactNode {
  if (!status) return null
  return (
    <Badge
      size={size}
      color={statusColour(status)}
      variant="dot"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {status.replace(/_/g, ' ')}
    </Badge>
  )
}
