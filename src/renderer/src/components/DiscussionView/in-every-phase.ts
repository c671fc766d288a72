import type { CommentInfo } from '@shared/contract'

/** The comment as one of the current phase (the same object when it already is, for memo). */
export function inEveryPhase(comment: CommentInfo): CommentInfo {
  return comment.current ? comment : { ...comment, current: true }
}
