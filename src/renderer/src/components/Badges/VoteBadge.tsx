import { Badge } from '@mantine/core'
import type { ReactNode } from 'react'

import type { Vote } from '@core/format/model'
import { VOTE_COLOURS } from '../../lib/colours'
import { readableBadgeText } from './readable-badge'

export { VOTE_COLOURS }

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
      style={readableBadgeText(VOTE_COLOURS[vote])}
    >
      {vote}
    </Badge>
  )
}
