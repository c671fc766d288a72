import { Paper, Spoiler, Text } from '@mantine/core'
import type { ReactNode } from 'react'

import { Markdown } from '../Markdown/Markdown'

export interface DiscussionBodyProps {
  /** The discussion's own text (context, requirements, open questions), untrusted markdown. */
  text: string
  onOpenLink: (href: string) => void
}

/** Taller than this, the body shows its start and a "Show all" that unfolds it. */
const FOLDED_HEIGHT = 160

/**
 * What the discussion is about, before its first comment: rendered by the same sanitising
 * markdown pipeline as the comments, folded when long so the thread stays in view.
 */
export function DiscussionBody({ text, onOpenLink }: DiscussionBodyProps): ReactNode {
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
      <Spoiler maxHeight={FOLDED_HEIGHT} showLabel="Show all" hideLabel="Show less">
        <Markdown text={text} onOpenLink={onOpenLink} />
      </Spoiler>
    </Paper>
  )
}
