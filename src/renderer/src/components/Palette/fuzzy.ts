/**
 * Fuzzy ranking of actions by title, as a command palette does: "rtu" finds "Run turn", the best
 * matches first, with the matched letters to underline. fuzzysort does the matching and scoring.
 */
import fuzzysort from 'fuzzysort'

export interface Ranked<T> {
  item: T
  /** Positions in the title of the letters the query matched, for highlighting. */
  matched: readonly number[]
}

/** `items` whose title holds the query's letters in order, best first; all of them for "". */
export function rankByTitle<T extends { title: string }>(
  items: readonly T[],
  query: string,
): Ranked<T>[] {
  const wanted = query.trim()
  if (wanted === '') return items.map((item) => ({ item, matched: [] }))
  return fuzzysort
    .go(wanted, items, { key: 'title' })
    .map((result) => ({ item: result.obj, matched: [...result.indexes] }))
}
