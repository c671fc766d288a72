import type { ReactNode } from 'react'

import type { DiscussionDetail } from '@shared/contract'
import type { TailItem } from '../CommentList/CommentList'
import { LivePendingAnswer } from './LivePendingAnswer'
import type { RowOutline } from './turn-outline'
import { isFinished } from './turn-state'
import { TurnSummaryLine } from './TurnSummaryLine'
import { TurnUsage } from './TurnUsage'
import { useTurn } from './useTurn'

export interface TurnThread {
  /** The pending answers and the turn's line, after the saved comments. */
  tail: TailItem[]
  /** What each answer of this turn cost, under its saved comment. */
  notes: Map<number, ReactNode>
  /**
   * Changes as the turn's cards change state, so the list keeps the end in view; the growth of
   * a card streaming in is followed through the list's measured height instead.
   */
  activity: string
  /** Changes when the turn saved an answer or ended: the file is worth reading again. */
  saved: string
}

/**
 * The turn as part of the thread: each participant's answer is a pending card at the end until
 * its saved comment is read back from the file, which then carries the turn's figures. Built from
 * the turn's outline: a streamed token redraws its own card, not the thread.
 */
export function useTurnThread(
  detail: DiscussionDetail | undefined,
  path: string,
  onOpenLink: (href: string) => void,
): TurnThread {
  const turnPath = detail?.path ?? path
  const { turn, cancel, retry, close, undoPhase } = useTurn(turnPath)
  const notes = new Map<number, ReactNode>()
  if (!detail || !turn) return { tail: [], notes, activity: '', saved: '' }

  const savedAs = (row: RowOutline): number | null => {
    if (row.state !== 'done' || row.line === null) return null
    const comment = detail.comments.find((c) => c.line === row.line && c.author === row.author)
    return comment?.index ?? null
  }
  const names = new Map(detail.participants.map((p) => [p.alias, p.name] as const))
  const finished = isFinished(turn)
  const tail: TailItem[] = []
  for (const row of turn.rows) {
    const saved = savedAs(row)
    if (saved !== null) {
      notes.set(saved, <TurnUsage row={row} />)
      continue
    }
    tail.push({
      key: `answer:${row.alias}`,
      node: (
        <LivePendingAnswer
          path={turnPath}
          alias={row.alias}
          name={names.get(row.alias)}
          onRetry={finished ? () => retry([row.alias]) : undefined}
          onOpenLink={onOpenLink}
        />
      ),
    })
  }
  tail.push({
    key: 'summary',
    node: (
      <TurnSummaryLine
        turn={turn}
        phases={detail.phases}
        onCancel={cancel}
        onRetry={retry}
        onClose={close}
        onUndoPhase={undoPhase}
      />
    ),
  })
  const activity = `${turn.turnId}:${turn.rows.map((row) => row.state).join(',')}:${finished}`
  const saved = `${turn.turnId}:${turn.rows.filter((row) => row.state === 'done').length}:${finished}`
  return { tail, notes, activity, saved }
}
