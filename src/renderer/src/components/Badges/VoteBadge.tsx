import { Badge } from '@mantine/core'
import type { ReactNode } from 'react'

import type { Vote } from '@core/format/model'

export const VOTE_COLOURS: Record<Vote, string> = {
  READY: 'green',
  CHANGES: 'yellow',
  REJECT: 'red',
}

/** The badge's text in the light scheme: each hue darkened until it reads at AA on its tint. */
const LIGHT_SCHEME_TEXT: Record<Vote, string> = {
  READY: '#1a5325',
  CHANGES: '#8a4700',
  REJECT: '#7a1919',
}

export interface VoteBadgeProps {
  vote: Vote | null
  /** `sm` by default. */
  size?: 'xs' | 'sm' | 'md'
  /** Shown when there is no vote; nothing is rendered when absent. */
  none?: string
}

export function VoteBadge({ vote, size = 'sm', none }: VoteBadgeProps): ReactNode {
  if (!vote)
    return none ? (
      <Badge size={size} variant="outline" color="gray">
        {none}
      </Badge>
    ) : null
  return (
    <Badge
      size={size}
      color={VOTE_COLOURS[vote]}
      variant="light"
      data-vote={vote}
      // The light variant's text is too pale on its tint in the light scheme (Mantine's yellow-9
      // reaches 3:1 on its own tint): a darker tone of the same hue there reaches AA (≥ 7:1); the
      // dark scheme keeps Mantine's.
      style={{
        color: `light-dark(${LIGHT_SCHEME_TEXT[vote]}, var(--mantine-color-${VOTE_COLOURS[vote]}-light-color))`,
      }}
    >
      {vote}
    </Badge>
  )
}
