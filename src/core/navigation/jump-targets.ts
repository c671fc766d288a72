/**
 * Where "next open question / concern / decision / REJECT" jumps to: the items worth jumping to
 * in a discussion, in file order, each with the comment that holds it (numbered as `parse`
 * numbers comments, from 0). Pure, so every face jumps alike.
 */
import type { DiscussionView } from '../discussion/describe.js'
import type { DiscussionStatus } from '../discussion/status.js'

export type JumpKind = 'question' | 'concern' | 'decision' | 'reject'

export interface JumpTarget {
  kind: JumpKind
  /** The file line (1-based) of the item. */
  line: number
  /** The comment holding it; null for the text before the first comment. */
  comment: number | null
  text: string
}

/** The comment holding file line `line`: the last one starting at or before it. */
export function commentAtLine(view: DiscussionView, line: number): number | null {
  let low = 0
  let high = view.comments.length - 1
  let found: number | null = null
  while (low <= high) {
    const middle = (low + high) >> 1
    if ((view.comments[middle]?.line ?? Infinity) <= line) {
      found = middle
      low = middle + 1
    } else high = middle - 1
  }
  return found
}

/** Open questions, concerns and decisions (as the status counts them) and REJECT votes, in order. */
export function jumpTargets(view: DiscussionView, status: DiscussionStatus): JumpTarget[] {
  const targets: JumpTarget[] = []
  const add = (kind: JumpKind, items: readonly { line: number; text: string }[]): void => {
    for (const item of items)
      targets.push({
        kind,
        line: item.line,
        comment: commentAtLine(view, item.line),
        text: item.text,
      })
  }
  add('question', status.questions)
  add('concern', status.concerns)
  add('decision', status.decisions)
  view.comments.forEach((comment, index) => {
    if (comment.vote === 'REJECT')
      targets.push({ kind: 'reject', line: comment.line, comment: index, text: comment.author })
  })
  return targets.sort((a, b) => a.line - b.line)
}

/** The first target after comment `from` (-1: before the first comment), or before it when `direction` is -1. */
export function nextTarget(
  targets: readonly JumpTarget[],
  from: number,
  direction: 1 | -1,
): JumpTarget | null {
  const at = (target: JumpTarget): number => target.comment ?? -1
  if (direction === 1) return targets.find((target) => at(target) > from) ?? null
  for (let i = targets.length - 1; i >= 0; i--) {
    const target = targets[i]
    if (target && at(target) < from) return target
  }
  return null
}
