import { Badge } from '@mantine/core'
import type { ReactNode } from 'react'

import { statusColour } from '../../lib/colours'

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
