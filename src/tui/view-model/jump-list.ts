/**
 * What the terminal UI's `]` and `[` step through: every open question, concern, decision and
 * REJECT, in comment order, each with what the status line says of it. Which comments hold them
 * is core's rule (core/navigation), the same the app's jump keys use; here they are merged into
 * one list, since the terminal UI has one pair of keys for all four.
 */
import type { DiscussionView } from '../../core/discussion/describe.js'
import type { DiscussionStatus } from '../../core/discussion/status.js'
import { commentAtLine, JUMP_KINDS, jumpTargets } from '../../core/navigation/index.js'
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
