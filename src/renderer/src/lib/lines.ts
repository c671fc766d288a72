/** The comment a line of the file belongs to: the last comment starting at or before it. */
export function commentIndexForLine(comments: readonly { line: number }[], line: number): number {
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
