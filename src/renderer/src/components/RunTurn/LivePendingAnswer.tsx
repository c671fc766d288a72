import { memo } from 'react'
import type { ReactNode } from 'react'

import { PendingAnswer } from './PendingAnswer'
import type { PendingAnswerProps } from './PendingAnswer'
import { useTurnRow } from './useTurn'

export interface LivePendingAnswerProps extends Omit<PendingAnswerProps, 'row'> {
  /** The discussion whose turn this answer belongs to. */
  path: string
  alias: string
}

/**
 * A pending answer subscribed to its own participant's row: each streamed token draws this card
 * again and nothing else (the thread around it changes only when a card is added or finishes).
 */
export const LivePendingAnswer = memo(function LivePendingAnswer({
  path,
  alias,
  ...props
}: LivePendingAnswerProps): ReactNode {
  const row = useTurnRow(path, alias)
  return row ? <PendingAnswer row={row} {...props} /> : null
})
