import { ActionIcon, Tooltip } from '@mantine/core'
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react'
import type { ReactNode } from 'react'

export interface FoldToggleProps {
  open: boolean
  onToggle: () => void
  /** What folds, as the label says it: "the council" gives "Fold the council away". */
  what: string
}

/** The chevron in a protocol panel's header that folds the panel away and shows it again. */
export function FoldToggle({ open, onToggle, what }: FoldToggleProps): ReactNode {
  const label = open ? `Fold ${what} away` : `Show ${what}`
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" onClick={onToggle} aria-label={label} aria-expanded={open}>
        {open ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
      </ActionIcon>
    </Tooltip>
  )
}
