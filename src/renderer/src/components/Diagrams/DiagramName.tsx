import { Text } from '@mantine/core'
import type { ReactNode } from 'react'

export interface DiagramNameProps {
  /** The path as written after `DIAGRAM:`. */
  diagramRef: string
  size?: 'xs' | 'sm'
  fw?: number
  dimmed?: boolean
}

/**
 * A diagram's path where the file name is what tells diagrams apart: the folders may shrink to an
 * ellipsis, the file name never does (it wraps when it must). The whole path is the tooltip.
 */
export function DiagramName({ diagramRef, size = 'xs', fw, dimmed }: DiagramNameProps): ReactNode {
  const cut = diagramRef.lastIndexOf('/') + 1
  const folder = diagramRef.slice(0, cut)
  const name = diagramRef.slice(cut)
  return (
    <Text
      size={size}
      fw={fw}
      c={dimmed ? 'dimmed' : undefined}
      title={diagramRef}
      data-testid="diagram-name"
      style={{ display: 'flex', minWidth: 0, maxWidth: '100%' }}
      component="span"
    >
      {folder && (
        <span
          style={{
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            flexShrink: 1,
            minWidth: '1.5em',
          }}
        >
          {folder}
        </span>
      )}
      <span style={{ overflowWrap: 'anywhere', flexShrink: 0, maxWidth: '100%' }}>{name}</span>
    </Text>
  )
}
