/**
 * What the terminal UI's `]` and `[` step through: every open question, concern, decision and
 * REJECT, in comment order, each with what the status line says of it. Which comments hold them
 * is core's rule (core/navigation), the same the app's jump keys use; here they are merged into
 * one list for `]`/`[`, and each kind also has its own keys (`kindJump`), the app's letters.
 */
import type { DiscussionView } from '../../core/discussion/describe.js'
import type { DiscussionStatus } from '../../core/discussion/status.js'
import {
  commentAtLine,
  firstUnread,
  JUMP_KINDS,
  JUMP_NAMES,
  jumpTargets,
  nextTarget,
} from '../../core/navigation/index.js'
import type { JumpKind } from '../../core/navigation/index.js'

export interface Jump {
  kind: JumpKind
  /** The comment, numbered as `parse` numbers comments. */
  comment: number
  /** The item's text (a REJECT: its author). */
  text: string
}

export function jumpList(view: DiscussionView, status: DiscussionStatus): Jump[] {
  const items = {
    question: status.questions,
    concern: status.concerns,
    decision: status.decisions,
  }
  const jumps: Jump[] = []
  for (const kind of JUMP_KINDS)
    for (const comment of jumpTargets(view.comments, status, kind)) {
      const text =
        kind === 'reject'
          ? (view.comments[comment]?.author ?? '')
          : (items[kind].find((item) => commentAtLine(view.comments, item.line) === comment)
              ?.text ?? '')
      jumps.push({ kind, comment, text })
    }
  // Stable: within one comment, in the order of JUMP_KINDS.
  return jumps.sort((a, b) => a.comment - b.comment)
}

/** The first jump after (1) or before (-1) comment `from` (-1: above the first); no wrapping. */
export function nextJump(jumps: readonly Jump[], from: number, direction: 1 | -1): Jump | null {
  if (direction === 1) return jumps.find((jump) => jump.comment > from) ?? null
  return jumps.findLast((jump) => jump.comment < from) ?? null
}

/** Where a jump of one kind lands and what the status line says of it. */
export interface KindJump {
  comment: number
  note: string
}

/**
 * The next (1) or previous (-1) comment of `kind` from comment `from` (-1: above the first),
 * wrapping at the ends as the app's keys do; null with the note when there is none.
 */
export function kindJump(
  view: DiscussionView,
  status: DiscussionStatus,
  kind: JumpKind,
  from: number,
  direction: 1 | -1,
): KindJump | { comment: null; note: string } {
  const targets = jumpTargets(view.comments, status, kind)
  const to = nextTarget(targets, from < 0 ? null : from, direction)
  const name = JUMP_NAMES[kind]
  if (to === null) return { comment: null, note: `No ${name} in this discussion.` }
  const text = jumpList(view, status).find((jump) => jump.kind === kind && jump.comment === to)
  return {
    comment: to,
    note: `${name[0]?.toUpperCase()}${name.slice(1)} ${targets.indexOf(to) + 1} of ${targets.length} · comment #${to}${text?.text ? `: ${text.text}` : ''}`,
  }
}

/**
 * The first comment not read before this visit: `readBefore` is the count kept when the person
 * last read the discussion (null: never; undefined: not known yet).
 */
export function unreadJump(
  count: number,
  readBefore: number | null | undefined,
): KindJump | { comment: null; note: string } {
  if (readBefore === undefined) return { comment: null, note: 'Still reading what you had read…' }
  const first = firstUnread(count, readBefore)
  if (first === null)
    return { comment: null, note: 'Nothing new since you last read this discussion.' }
  return { comment: first, note: `First unread: comment #${first}, ${count - first} new.` }
}
