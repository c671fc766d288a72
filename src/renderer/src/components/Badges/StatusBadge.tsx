import { Badge } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * One colour per kind of status, so a glance tells them apart: open work blue, a decision the
 * humans must take (ESCALATED) violet, waiting or blocked orange, done green, refused red.
 */
export function statusColour(status: string | null): string {
  const value = (status ?? '').toUpperCase()
  if (/ESCALAT/.test(value)) return 'violet'
  if (/REJECT|CLOSED|ABANDON|CANCEL|FAIL/.test(value)) return 'red'
  if (/READY|DONE|ACCEPT|APPROVED|COMPLETE|DECIDED|CONSENSUS|MERGED/.test(value)) return 'green'
  if (/BLOCK|HOLD|CHANGES|WAIT|PAUSE/.test(value)) return 'orange'
  if (/DRAFT|PROPOSED|NEW/.test(value)) return 'cyan'
  if (/DEFER|ARCHIV|STALE/.test(value)) return 'gray'
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
      data-status={status}
      // Never cut to "O…": the badge keeps its text's width wherever it sits.
      styles={{
        root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
        label: { overflow: 'visible', textOverflow: 'clip' },
      }}
    >
      {status.replace(/_/g, ' ')}
    </Badge>
  )
}
