/**
 * Lines only the engine writes, and which the readers trust for that: a debate's marker lines
 * (`RESULT:`, `BALLOT:` ...), the HTML-comment records (headers, phase markers, a council call's
 * record, the INCOMPLETE-BLOCK note) and, in a participant's block, the `VOTE:` line the engine
 * writes from the answer's `vote` field. Outside text that reads as one of them is escaped with a
 * backslash when it is written (`escape.ts`), so it stays text wherever it lands.
 */
import { matchMarker } from './markers.js'

/** The debate's marker words (see `src/core/debate/markers.ts`). */
export const DEBATE_WORDS = [
  'ROUND',
  'PROPOSAL',
  'CRITIQUE',
  'DEFENSE',
  'REVISION',
  'BALLOT',
  'ABSENT',
  'RESULT',
] as const
export type DebateWord = (typeof DEBATE_WORDS)[number]

/** A debate marker line, as the debate's reader splits a block (column 0, exact case). */
export const DEBATE_WORD_LINE = new RegExp(`^(${DEBATE_WORDS.join('|')}): ?(.*)$`)

/**
 * An HTML comment line a reader takes as a record: a header or any `<!-- Word: ... -->` (phase
 * transitions, council records, INCOMPLETE-BLOCK), a vote reset, the discussion marker.
 */
const RECORD_LINE = /^\s*<!--\s*(?:[A-Za-z][\w .-]*?\s*:.*|vote-reset\b.*|discussion\s*)-->\s*$/i

export function isDebateWordLine(line: string): boolean {
  return line.includes(':') && DEBATE_WORD_LINE.test(line)
}

export function isRecordLine(line: string): boolean {
  return line.includes('<!--') && RECORD_LINE.test(line)
}

export function isVoteLine(line: string): boolean {
  return matchMarker(line)?.kind === 'vote'
}
