import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import {
  firstUnread,
  JUMP_KEYS,
  JUMP_NAMES as NAMES,
  jumpTargets,
  nextTarget,
  UNREAD_KEY,
} from '@core/navigation/jumps'
import type { JumpKind } from '@core/navigation/jumps'
import type { DiscussionDetail } from '@shared/contract'
import { useAppInfo } from '../../api/AppInfoContext'
import { useSignedName } from '../Composer/draft'
import { useActions } from '../Palette/actions'
import type { ActionSpec } from '../Palette/actions'
import { readCount, saveReadCount } from './last-read'

export type JumpTarget = JumpKind | 'unread'

export interface Jumps {
  /** How many comments of each kind there are to jump to. */
  counts: Record<JumpKind, number>
  /** The first unread comment, null when nothing is new. */
  unread: number | null
  jump: (kind: JumpTarget, direction: 1 | -1) => void
  /** What the last jump did, for the live region: "Open question 2 of 3, comment #14". */
  said: string
}

/**
 * Jumps between a discussion's open questions, concerns, decisions and REJECT votes (next with a
 * letter, previous with Shift and it), and to the first comment the person has not read: what
 * they had read is the count kept when they last opened it, and opening it now keeps the new one.
 */
export function useJumps(
  detail: DiscussionDetail | undefined,
  current: number | null,
  go: (index: number) => void,
): Jumps {
  const info = useAppInfo()
  const person = useSignedName(info?.userName ?? null) ?? ''
  const path = detail?.path ?? null
  // What was read before this visit, kept for this visit's "first unread".
  const [before, setBefore] = useState<{ path: string; count: number | null } | null>(null)
  const count = detail?.comments.length ?? 0
  useEffect(() => {
    if (path === null) return
    // Read before the new count is kept: the updater runs later, at the next render.
    const stored = readCount(person, path)
    setBefore((known) => (known?.path === path ? known : { path, count: stored }))
    saveReadCount(person, path, count)
  }, [person, path, count])

  const targets = useMemo(() => {
    const comments = detail?.comments ?? []
    const items = detail?.summary ?? { questions: [], concerns: [], decisions: [] }
    return {
      question: jumpTargets(comments, items, 'question'),
      concern: jumpTargets(comments, items, 'concern'),
      decision: jumpTargets(comments, items, 'decision'),
      reject: jumpTargets(comments, items, 'reject'),
    }
  }, [detail])
  const unread = firstUnread(count, before?.path === path ? (before?.count ?? null) : null)
  const [said, setSaid] = useState('')

  const jumpNow = (kind: JumpTarget, direction: 1 | -1): void => {
    if (kind === 'unread') {
      if (unread === null) return setSaid('Nothing new since you last read this discussion.')
      go(unread)
      return setSaid(`First unread: comment #${unread}, ${count - unread} new.`)
    }
    const list = targets[kind]
    const to = nextTarget(list, current, direction)
    if (to === null) return setSaid(`No ${NAMES[kind]} in this discussion.`)
    go(to)
    const name = NAMES[kind]
    setSaid(
      `${name[0]?.toUpperCase()}${name.slice(1)} ${list.indexOf(to) + 1} of ${list.length}: comment #${to}.`,
    )
  }

  // One function for the panel's whole life, calling the latest: the panel is kept while
  // streamed answers re-render the view, and must not jump from where the reader was.
  const latest = useRef(jumpNow)
  useEffect(() => {
    latest.current = jumpNow
  })
  const jump = useCallback(
    (kind: JumpTarget, direction: 1 | -1) => latest.current(kind, direction),
    [],
  )

  const specs: ActionSpec[] = []
  for (const kind of ['question', 'concern', 'decision', 'reject'] as const) {
    const letter = JUMP_KEYS[kind]
    specs.push(
      {
        id: `jump.${kind}.next`,
        title: `Next ${NAMES[kind]}`,
        group: 'Jumps',
        keys: [letter.toUpperCase()],
        shortcut: letter,
        run: () => jump(kind, 1),
      },
      {
        id: `jump.${kind}.previous`,
        title: `Previous ${NAMES[kind]}`,
        group: 'Jumps',
        keys: ['Shift', letter.toUpperCase()],
        shortcut: letter.toUpperCase(),
        run: () => jump(kind, -1),
      },
    )
  }
  specs.push({
    id: 'jump.unread',
    title: 'First unread comment (new since you last read it)',
    group: 'Jumps',
    keys: [UNREAD_KEY.toUpperCase()],
    shortcut: UNREAD_KEY,
    run: () => jump('unread', 1),
  })
  useActions(specs)

  const counts = useMemo(
    () => ({
      question: targets.question.length,
      concern: targets.concern.length,
      decision: targets.decision.length,
      reject: targets.reject.length,
    }),
    [targets],
  )
  return useMemo(() => ({ counts, unread, jump, said }), [counts, unread, jump, said])
}
