import { Text, VisuallyHidden } from '@mantine/core'
import type { ReactNode } from 'react'

import type { DiscussionSpendInfo } from '@shared/contract'
import { WARN_TEXT } from '../../theme'
import { isFinished } from '../RunTurn/turn-state'
import { useTurn } from '../RunTurn/useTurn'
import { spendWords, turnSpend } from './spend-words'

/**
 * The discussion's spend in its header: the total (with tokens), the running turn's, and the
 * warning in words
 * and colour once the per-discussion cap is `warn_at` used. Nothing while nothing was spent and
 * no turn runs, so a discussion with no paid answers keeps its header as it was.
 */
export function SpendBadge({
  path,
  spend,
  compact,
}: {
  path: string
  spend: DiscussionSpendInfo
  /** The one-line header: the short form (`$0.0318 · 80% of budget`). */
  compact: boolean
}): ReactNode {
  const { turn } = useTurn(path)
  const words = spendWords(
    spend,
    turn ? { figures: turnSpend(turn.rows), running: !isFinished(turn) } : null,
  )
  if (spend.answers === 0 && words.turn === null) return null
  const parts = [
    spend.answers === 0 ? words.total : `${words.total} (${words.tokens})`,
    words.turn,
    words.warning,
  ].filter((part): part is string => part !== null)
  const full = parts.join(' · ')
  return (
    <Text
      size="xs"
      c={words.warning ? WARN_TEXT : 'dimmed'}
      fw={words.warning ? 600 : undefined}
      truncate
      // The one-line header shows the short form; the whole sentence is there on hover and
      // for a screen reader.
      title={compact ? full : undefined}
      data-testid="header-spend"
      data-warning={words.warning !== null || undefined}
    >
      {compact ? (
        <>
          <span aria-hidden>{words.short}</span>
          <VisuallyHidden>{full}</VisuallyHidden>
        </>
      ) : (
        full
      )}
    </Text>
  )
}
