import { ActionIcon, Button, Tooltip } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconFileDescription } from '@tabler/icons-react'
import { useState } from 'react'
import type { ReactNode } from 'react'

import { useActions } from '../Palette/actions'
import { SummaryDrawer } from './SummaryDrawer'
import { useSummary } from './useSummary'

export interface SummaryControlsProps {
  path: string
  /** The discussion's comments now: the panel says how many came after the summary. */
  commentCount: number
}

/** The key of Summarize (S): free among the registry's single keys. */
export const SUMMARIZE_KEY = 's'

/**
 * Summarize (S): a discussion with a `.sum.md` offers to show it (nothing runs); one without it
 * writes one. The panel shows the file, how it was made, and Summarize again.
 */
export function SummaryControls({ path, commentCount }: SummaryControlsProps): ReactNode {
  const summary = useSummary(path, commentCount)
  const [opened, setOpened] = useState(false)
  const has = summary.summary !== null
  const open = (): void => {
    setOpened(true)
    // Nothing to show yet: asking for the panel is asking for a summary.
    if (summary.known && !has && !summary.running) void summary.start()
  }
  // Below this width the header keeps the discussion's title readable: the button is its icon.
  const wide = useMediaQuery('(min-width: 1200px)', true)
  const label = summary.running ? 'Summarizing…' : has ? 'Show summary' : 'Summarize'
  useActions([
    {
      id: 'discussion.summarize',
      title: 'Summary: show the .sum.md, or write one as `discussions summarize` does',
      group: 'Discussion',
      keys: [SUMMARIZE_KEY.toUpperCase()],
      shortcut: SUMMARIZE_KEY,
      run: open,
    },
  ])
  return (
    <>
      <Tooltip
        label={
          has
            ? 'Show the summary written earlier; nothing runs (S)'
            : 'Write a summary beside the discussion, as discussions summarize does (S)'
        }
      >
        {wide ? (
          <Button
            size="sm"
            variant="default"
            leftSection={<IconFileDescription size={16} />}
            onClick={open}
            data-testid="summary-button"
          >
            {label}
          </Button>
        ) : (
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={label}
            onClick={open}
            data-testid="summary-button"
            data-has-summary={has || undefined}
          >
            <IconFileDescription size={18} />
          </ActionIcon>
        )}
      </Tooltip>
      <SummaryDrawer opened={opened} onClose={() => setOpened(false)} summary={summary} />
    </>
  )
}
