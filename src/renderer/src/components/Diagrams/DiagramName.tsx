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
 * A diagram's path where the file name is what tells diagrams apart: the file name first and
 * whole (it wraps when it must), its folder on the line below, cut with an ellipsis at the same
 * width for every name in a list, so names line up and truncate evenly. The whole path is the
 * tooltip.
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
      style={{ display: 'flex', flexDirection: 'column', minWidth: 0, maxWidth: '100%' }}
      component="span"
    >
      {folder && (
        <span
          style={{
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            order: 1,
            fontSize: '0.9em',
            color: 'var(--mantine-color-dimmed)',
          }}
          data-folder
        >
          {folder}
        </span>
      )}
      <span style={{ overflowWrap: 'anywhere', maxWidth: '100%' }} data-file>
        {name}
      </span>
    </Text>
  )
}
