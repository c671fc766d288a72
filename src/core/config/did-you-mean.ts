/**
 * "Did you mean ...?" for names a person typed: a misspelt YAML key, persona or template. Only a
 * close match is offered, because a far-fetched guess is worse than none.
 */

/** Edit distance (insert, delete, substitute, swap two neighbours), case-insensitive. */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase()
  const t = b.toLowerCase()
  // Three rows are enough for the neighbour swap (Damerau's restricted edit distance).
  let before = new Array<number>(t.length + 1).fill(0)
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j)
  for (let i = 1; i <= s.length; i++) {
    const current = [i]
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1
      let best = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      )
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        best = Math.min(best, (before[j - 2] ?? 0) + 1)
      current.push(best)
    }
    before = previous
    previous = current
  }
  return previous[t.length] ?? 0
}

/** The candidate closest to `input`, when it is close enough to be what was meant; else null. */
export function didYouMean(input: string, candidates: readonly string[]): string | null {
  // A short form of a longer name ("arch" for "architect") is a likely meaning too.
  const lower = input.toLowerCase()
  if (lower.length >= 3) {
    const extended = candidates.filter((candidate) => candidate.toLowerCase().startsWith(lower))
    if (extended.length === 1) return extended[0] ?? null
  }
  const allowed = Math.max(1, Math.floor(input.length / 3))
  let best: string | null = null
  let bestDistance = Infinity
  for (const candidate of candidates) {
    const distance = editDistance(input, candidate)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return bestDistance <= allowed ? best : null
}
