/** The comment a line of the file belongs to: one rule with the jumps (core/navigation). */
export { commentAtLine as commentIndexForLine } from '../../../core/navigation/jumps.js'

/** Indices of the comments whose author or text contains `query` (any case). */
export function findMatches(
  comments: readonly { author: string; body: string }[],
  query: string,
): number[] {
  const wanted = query.trim().toLowerCase()
  if (wanted === '') return []
  const matches: number[] = []
  comments.forEach((comment, index) => {
    if (
      comment.body.toLowerCase().includes(wanted) ||
      comment.author.toLowerCase().includes(wanted)
    )
      matches.push(index)
  })
  return matches
}
