import type { CommentCardProps } from './CommentCard'

/**
 * Whether a card would show the same thing: a re-read of the file gives every comment a new
 * object, but an unchanged comment (same fields) keeps its rendered card, markdown and all.
 */
export function sameCardProps(a: CommentCardProps, b: CommentCardProps): boolean {
  const x = a.comment
  const y = b.comment
  const sameComment =
    x === y ||
    (x.index === y.index &&
      x.author === y.author &&
      x.body === y.body &&
      x.vote === y.vote &&
      x.human === y.human &&
      x.line === y.line &&
      x.current === y.current &&
      x.closed === y.closed)
  return (
    sameComment &&
    a.role === b.role &&
    a.active === b.active &&
    a.onOpenLink === b.onOpenLink &&
    a.note === b.note
  )
}
