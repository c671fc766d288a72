/**
 * The peer ranking as the app shows it: each ranker's raw ballot with the letters it was dealt
 * revealed as the members they stood for (the ranker never saw the names), and the Borda
 * aggregate over them, the same count the file's ranking is written from (ranking.ts).
 */
import { aggregateRanking, parseRanking } from './ranking.js'
import type { RankingEntry } from './ranking.js'
import type { RecordedCall } from './record.js'
import { PERSONALITY_ADVISORS } from './roles.js'

export interface RevealedBallot {
  /** The advisor id of the ranker (`skeptic`). */
  ranker: string
  /** Best first: the letter the ranker saw and the advisor id it stood for. */
  order: { letter: string; member: string }[]
}

export const rankCallLabel = (advisorId: string): string => `council-rank-${advisorId}`

/** Each advisor's ballot, from its recorded ranking call; a call without a mapping is skipped. */
export function readBallots(recorded: ReadonlyMap<string, RecordedCall>): RevealedBallot[] {
  return PERSONALITY_ADVISORS.flatMap((role) => {
    const call = recorded.get(rankCallLabel(role.id))
    if (!call?.mapping) return []
    const mapping = call.mapping
    const letters = Object.keys(mapping).sort()
    const order = parseRanking(call.answer, letters).map((letter) => ({
      letter,
      member: String(mapping[letter] ?? '?'),
    }))
    return [{ ranker: role.id, order }]
  })
}

/** The Borda count over the ballots, as ranking.ts computes it for the file. */
export function aggregateBallots(ballots: readonly RevealedBallot[]): RankingEntry[] {
  return aggregateRanking(
    PERSONALITY_ADVISORS.map((role) => role.id),
    ballots.map((ballot) => ({
      order: ballot.order.map((entry) => entry.letter),
      mapping: Object.fromEntries(ballot.order.map((entry) => [entry.letter, entry.member])),
    })),
  )
}
