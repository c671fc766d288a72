/**
 * A search query as the words it asks for. Every face splits a query here, so the same words find
 * the same comments in the CLI, the app and the terminal UI.
 */

/** Letters and digits in any script; everything else separates words. */
const WORD = /[\p{L}\p{N}]+/gu

/**
 * The distinct lower-cased words of `query`, in the order typed. A word matches wherever it
 * appears inside a word of the text (`gdp` finds `GDPR`), as a person typing a query expects.
 */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>()
  for (const match of query.toLowerCase().matchAll(WORD)) terms.add(match[0])
  return [...terms]
}

/** How many times `term` occurs in `text` (both lower-cased). */
export function countOccurrences(text: string, term: string): number {
  let count = 0
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + term.length)) count++
  return count
}
