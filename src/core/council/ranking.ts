/**
 * Anonymized peer ranking: each advisor ranks the others' final answers, shown as Response A, B, ...
 * without names, and never its own. Letters are dealt in a different order to each ranker so that
 * no position is always first. The aggregate (Borda count: last place 0 points, each place above
 * one more) is what the user and the referee see.
 */

export const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const

export interface AnonymousResponse {
  letter: string
  text: string
}

/**
 * The responses one ranker sees: everyone's but its own, lettered, with every advisor's name
 * scrubbed from the text (an answer that says "as the Skeptic, ..." would give itself away).
 */
export function anonymize(
  ranker: string,
  answers: ReadonlyArray<{ id: string; answer: string }>,
  names: readonly string[],
): { responses: AnonymousResponse[]; mapping: Record<string, string> } {
  const others = answers.filter((entry) => entry.id !== ranker)
  // Rotate by the ranker's position so each ranker gets a different first response.
  const shift =
    Math.max(
      0,
      answers.findIndex((entry) => entry.id === ranker),
    ) % others.length
  const dealt = [...others.slice(shift), ...others.slice(0, shift)]
  const mapping: Record<string, string> = {}
  const responses = dealt.map((entry, index) => {
    const letter = LETTERS[index] ?? String(index + 1)
    mapping[letter] = entry.id
    return { letter, text: scrubNames(entry.answer, names) }
  })
  return { responses, mapping }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Replaces each name (any case, as a whole word, also as `AI-Name`) with a neutral stand-in. */
export function scrubNames(text: string, names: readonly string[]): string {
  let result = text
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    if (name.trim() === '') continue
    const pattern = new RegExp(`(?:@|\\bAI-)?\\b${escapeRegExp(name)}s?\\b`, 'gi')
    result = result.replace(pattern, 'another advisor')
  }
  return result
}

/**
 * The order a ranker gave, as letters: the `RANKING: B > A` line when there is one, else the order
 * in which the responses are first named. Letters it left out go last, in their own order.
 */
export function parseRanking(answer: string, letters: readonly string[]): string[] {
  const line = /^\W*RANKING\W*:?\s*(.+)$/im.exec(answer)?.[1]
  const source = line ?? answer
  const found: string[] = []
  const pattern = line ? /\b([A-Z])\b/g : /\bResponse\s+([A-Z])\b/g
  for (const match of source.matchAll(pattern)) {
    const letter = match[1] ?? ''
    if (letters.includes(letter) && !found.includes(letter)) found.push(letter)
  }
  return [...found, ...letters.filter((letter) => !found.includes(letter))]
}

export interface RankingEntry {
  id: string
  points: number
  /** How many rankers put it first. */
  firsts: number
}

/** Borda count over every ranker's order (letters mapped back to advisors). */
export function aggregateRanking(
  ids: readonly string[],
  ballots: ReadonlyArray<{ order: readonly string[]; mapping: Readonly<Record<string, string>> }>,
): RankingEntry[] {
  const entries = new Map(ids.map((id) => [id, { id, points: 0, firsts: 0 }]))
  for (const ballot of ballots) {
    ballot.order.forEach((letter, index) => {
      const entry = entries.get(ballot.mapping[letter] ?? '')
      if (!entry) return
      entry.points += ballot.order.length - 1 - index
      if (index === 0) entry.firsts++
    })
  }
  // Ties keep the advisors' own order, so the same ballots always give the same ranking.
  return [...entries.values()].sort((a, b) => b.points - a.points || b.firsts - a.firsts)
}

export interface Standing {
  /** The advisor id (`visionary`). */
  member: string
  points: number
  firsts: number
  /** 1-based; members tied share the place of the first of them. */
  place: number
  tied: boolean
}

/** Places for an aggregate already in order: equal points and equal first places tie. */
export function placeStandings(ranking: readonly RankingEntry[]): Standing[] {
  const same = (a: RankingEntry | undefined, b: RankingEntry | undefined): boolean =>
    a !== undefined && b !== undefined && a.points === b.points && a.firsts === b.firsts
  const standings: Standing[] = []
  ranking.forEach((entry, index) => {
    const before = standings[index - 1]
    const place = before && same(ranking[index - 1], entry) ? before.place : index + 1
    const tied = same(ranking[index - 1], entry) || same(ranking[index + 1], entry)
    standings.push({ member: entry.id, points: entry.points, firsts: entry.firsts, place, tied })
  })
  return standings
}

export function renderRanking(
  ranking: readonly RankingEntry[],
  titleOf: (id: string) => string,
  ballots: number,
): string {
  const lines = placeStandings(ranking).map(
    (entry) =>
      `${entry.place}. ${titleOf(entry.member)}${entry.tied ? ' (tie)' : ''}: ${entry.points} point${entry.points === 1 ? '' : 's'}, first on ${entry.firsts} of ${ballots} ballot${ballots === 1 ? '' : 's'}`,
  )
  return [
    `Anonymized peer ranking (each advisor ranked the others' final answers without names; Borda count):`,
    '',
    ...lines,
  ].join('\n')
}
