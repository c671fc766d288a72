/**
 * Which comment a jump goes to: the next or previous open question, concern, decision or REJECT
 * vote from the comment the reader is at, or the first comment they have not read. Pure, so the
 * app and the terminal UI move the same way; comments are numbered as `parse` numbers them.
 */
import type { Vote } from '../format/model.js'

export const JUMP_KINDS = ['question', 'concern', 'decision', 'reject'] as const
export type JumpKind = (typeof JUMP_KINDS)[number]

/**
 * The keys of the app and the terminal UI alike: the next of a kind with its letter, the previous
 * with Shift and it; the first unread comment with `f`.
 */
export const JUMP_KEYS: Record<JumpKind, string> = {
  question: 'u',
  concern: 'o',
  decision: 'i',
  reject: 'x',
}
export const UNREAD_KEY = 'f'

/** What a jump says it reached: "Open question 2 of 3". */
export const JUMP_NAMES: Record<JumpKind, string> = {
  question: 'open question',
  concern: 'concern',
  decision: 'decision',
  reject: 'REJECT vote',
}

/** What a jump reads of a comment: where it starts in the file and its vote. */
export interface JumpComment {
  line: number
  vote: Vote | null
}

/** The open items, each with the line it is on, as `status` lists them. */
export interface JumpItems {
  questions: readonly { line: number }[]
  concerns: readonly { line: number }[]
  decisions: readonly { line: number }[]
}

/** The comment a line of the file belongs to: the last one starting at or before it; -1: none. */
export function commentAtLine(comments: readonly { line: number }[], line: number): number {
  let low = 0
  let high = comments.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if ((comments[middle]?.line ?? Infinity) <= line) {
      found = middle
      low = middle + 1
    } else high = middle - 1
  }
  return found
}

/** The comments holding an item of `kind` (or voting REJECT), in order, each once. */
export function jumpTargets(
  comments: readonly JumpComment[],
  items: JumpItems,
  kind: JumpKind,
): number[] {
  if (kind === 'reject')
    return comments.flatMap((comment, index) => (comment.vote === 'REJECT' ? [index] : []))
  const lines =
    kind === 'question' ? items.questions : kind === 'concern' ? items.concerns : items.decisions
  const indices = new Set<number>()
  for (const { line } of lines) {
    const index = commentAtLine(comments, line)
    if (index >= 0) indices.add(index)
  }
  return [...indices].sort((a, b) => a - b)
}

/**
 * The target after (`direction` 1) or before (-1) the comment at `from`, wrapping around at the
 * ends as a search does; from nowhere (null), the first or the last. Null when there is none.
 */
export function nextTarget(
  targets: readonly number[],
  from: number | null,
  direction: 1 | -1,
): number | null {
  if (targets.length === 0) return null
  const first = targets[0] ?? null
  const last = targets.at(-1) ?? null
  if (from === null) return direction === 1 ? first : last
  if (direction === 1) return targets.find((t) => t > from) ?? first
  return targets.findLast((t) => t < from) ?? last
}

/**
 * The first comment the reader has not read, given how many comments there were when they last
 * read the discussion (null: never read, so the first); null when nothing is new.
 */
export function firstUnread(count: number, readCount: number | null): number | null {
  const from = readCount === null ? 0 : Math.max(0, readCount)
  return from < count ? from : null
}

/** How many comments came since the reader last read the discussion (all, if never). */
export function unreadCount(count: number, readCount: number | null): number {
  return Math.max(0, count - (readCount ?? 0))
}
