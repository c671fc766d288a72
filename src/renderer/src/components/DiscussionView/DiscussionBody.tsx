import { Paper, Spoiler, Text } from '@mantine/core'
import { useLayoutEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'

import { Markdown } from '../Markdown/Markdown'
import { blockBoxes, foldHeight } from './fold-height'

export interface DiscussionBodyProps {
  /** The discussion's own text (context, requirements, open questions), untrusted markdown. */
  text: string
  onOpenLink: (href: string) => void
}

/** Taller than this, the body shows its start and a "Show all" that unfolds it. */
const FOLDED_HEIGHT = 160

/** The fold's height for the rendered text: at a block's end, re-measured when the width changes. */
function useFoldHeight(text: string): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState(FOLDED_HEIGHT)
  useLayoutEffect(() => {
    const root = ref.current?.querySelector<HTMLElement>('[data-markdown]')
    if (!root) return
    const measure = (): void => setHeight(foldHeight(blockBoxes(root), FOLDED_HEIGHT))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(root)
    return () => observer.disconnect()
  }, [text])
  return [ref, height]
}

/**
 * What the discussion is about, before its first comment: rendered by the same sanitising
 * markdown pipeline as the comments, folded when long so the thread stays in view. The fold
 * falls between blocks, so it never slices a line or leaves a heading without its text.
 */
export function DiscussionBody({ text, onOpenLink }: DiscussionBodyProps): ReactNode {
  const [ref, height] = useFoldHeight(text)
  if (text.trim() === '') return null
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label="About this discussion"
      data-testid="discussion-body"
    >
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
        About this discussion
      </Text>
      <Spoiler ref={ref} maxHeight={height} showLabel="Show all" hideLabel="Show less">
        <Markdown text={text} onOpenLink={onOpenLink} />
      </Spoiler>
    </Paper>
  )
}
