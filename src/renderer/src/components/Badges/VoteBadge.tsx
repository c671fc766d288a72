import { Badge } from '@mantine/core'
import type { ReactNode } from 'react'

import type { Vote } from '../../../../core/format/model'

export const VOTE_COLOURS: Record<Vote, string> = {
  READY: 'green',
  CHANGES: 'yellow',
  REJECT: 'red',
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
      // The light variant's text is too pale on its tint in the light scheme (yellow above all):
      // the darkest shade there reaches AA contrast; the dark scheme keeps Mantine's.
      style={{
        color: `light-dark(var(--mantine-color-${VOTE_COLOURS[vote]}-9), var(--mantine-color-${VOTE_COLOURS[vote]}-light-color))`,
      }}
    >
      {vote}
    </Badge>
  )
}
