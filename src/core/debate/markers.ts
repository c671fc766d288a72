/**
 * The debate's marker lines, written at the start of a line in a comment block and followed by
 * free text up to the next marker line. They read as plain English and parse back exactly:
 *
 *   ROUND: 2 (run-off between P1, P3)
 *   PROPOSAL: P1 by @architect (confidence 0.8)
 *   CRITIQUE: C1.security.1 on P1, blocking (round 1)
 *   CRITIQUE: none by @pragmatist (round 1)
 *   DEFENSE: P1 by @architect addresses C1.security.1 (round 1)
 *   REVISION: P1 (round 1)
 *   BALLOT: @security approves P1, P3 (round 1, weight 1.5)
 *   ABSENT: @pragmatist from vote (round 2): timed out after 300 s
 *   RESULT: round 1, run-off between P1, P3
 *
 * None of these words is a marker of ordinary discussions, so vote counting never sees them. They
 * are lines only the engine writes: free text that would read as one (or as a VOTE line) is
 * escaped with a backslash when it is written (`src/core/format/escape.ts`), and the reader
 * (`read-state.ts`) takes each only from the author who may write it.
 */
import { DEBATE_WORD_LINE } from '../format/engine-lines.js'
import type { DebateWord } from '../format/engine-lines.js'
import type { Text } from '../text/text.js'
import { oneLine } from '../text/text.js'
import { DEBATE_PHASES, SEVERITIES } from './model.js'
import type { DebatePhase, Severity } from './model.js'
import { formatWeight, parseWeight } from './weights.js'

export { DEBATE_WORDS } from '../format/engine-lines.js'
export type { DebateWord } from '../format/engine-lines.js'

export interface MarkedSection {
  word: DebateWord
  /** The rest of the marker line. */
  head: string
  /** The free text after it, trimmed (escaped lines keep their backslash). */
  text: string
  /** The marker line's index in the body (from 0). */
  index: number
}

/**
 * Splits a comment body into its marker sections; text before the first marker is ignored.
 * `accepts` says whether a marker line may open a section here, given the first section's word
 * (null for the first line); one it refuses is text of the section before, and is passed to
 * `refused`.
 */
export function sectionsOf(
  body: string,
  accepts: (word: DebateWord, first: DebateWord | null) => boolean = () => true,
  refused: (word: DebateWord, index: number) => void = () => {},
): MarkedSection[] {
  const sections: MarkedSection[] = []
  let current: { word: DebateWord; head: string; lines: string[]; index: number } | null = null
  const close = (): void => {
    if (current)
      sections.push({
        word: current.word,
        head: current.head.trim(),
        text: current.lines.join('\n').trim(),
        index: current.index,
      })
  }
  for (const [index, line] of body.split('\n').entries()) {
    const match = DEBATE_WORD_LINE.exec(line)
    const word = match?.[1] as DebateWord | undefined
    if (word && accepts(word, sections[0]?.word ?? current?.word ?? null)) {
      close()
      current = { word, head: match?.[2] ?? '', lines: [], index }
    } else {
      if (word) refused(word, index)
      current?.lines.push(line)
    }
  }
  close()
  return sections
}

function list(ids: readonly string[]): string {
  return ids.length === 0 ? 'nothing' : ids.join(', ')
}

function parseList(text: string): string[] {
  return text.trim() === 'nothing'
    ? []
    : text
        .split(/\s*,\s*/)
        .map((id) => id.trim())
        .filter(Boolean)
}

const ID = '[A-Za-z0-9._-]+'
const ALIAS = '[a-z][a-z0-9_-]*'

export const format = {
  round: (round: number, runoff: readonly string[] | null): string =>
    `ROUND: ${round}${runoff ? ` (run-off between ${runoff.join(', ')})` : ''}`,
  proposal: (id: string, author: string, confidence: number | null): string =>
    `PROPOSAL: ${id} by @${author}${confidence === null ? '' : ` (confidence ${confidence})`}`,
  critique: (c: {
    id: string
    target: string
    severity: Severity
    round: number
    keeps: string | null
  }) =>
    `CRITIQUE: ${c.id} on ${c.target}, ${c.severity} (round ${c.round}${c.keeps ? `, keeps ${c.keeps}` : ''})`,
  noCritique: (critic: string, round: number): string =>
    `CRITIQUE: none by @${critic} (round ${round})`,
  defense: (proposal: string, author: string, addresses: readonly string[], round: number) =>
    `DEFENSE: ${proposal} by @${author} addresses ${list(addresses)} (round ${round})`,
  revision: (proposal: string, round: number): string => `REVISION: ${proposal} (round ${round})`,
  ballot: (voter: string, approves: readonly string[], round: number, weight: number) =>
    `BALLOT: @${voter} approves ${list(approves)} (round ${round}, weight ${formatWeight(weight)})`,
  absent: (participant: string, phase: DebatePhase, round: number, reason: Text) =>
    `ABSENT: @${participant} from ${phase} (round ${round}): ${oneLine(reason)}`,
}

export const parse = {
  round: (head: string) => {
    const m = /^(\d+)/.exec(head)
    return m ? { round: Number(m[1]) } : null
  },
  proposal: (head: string) => {
    const m = new RegExp(`^(${ID}) by @(${ALIAS})(?: \\(confidence ([0-9.]+)\\))?$`).exec(head)
    if (!m) return null
    const confidence = m[3] === undefined ? null : Number(m[3])
    return {
      id: m[1] ?? '',
      author: m[2] ?? '',
      confidence: confidence !== null && Number.isFinite(confidence) ? confidence : null,
    }
  },
  critique: (head: string) => {
    const none = new RegExp(`^none by @(${ALIAS}) \\(round (\\d+)\\)$`).exec(head)
    if (none) return { none: true as const, critic: none[1] ?? '', round: Number(none[2]) }
    const m = new RegExp(
      `^(C\\d+\\.(${ALIAS})\\.\\d+) on (${ID}), (${SEVERITIES.join('|')}) \\(round (\\d+)(?:, keeps (${ID}))?\\)$`,
    ).exec(head)
    if (!m) return null
    return {
      none: false as const,
      id: m[1] ?? '',
      critic: m[2] ?? '',
      target: m[3] ?? '',
      severity: m[4] as Severity,
      round: Number(m[5]),
      keeps: m[6] ?? null,
    }
  },
  defense: (head: string) => {
    const m = new RegExp(`^(${ID}) by @(${ALIAS}) addresses (.*) \\(round (\\d+)\\)$`).exec(head)
    if (!m) return null
    return {
      proposal: m[1] ?? '',
      author: m[2] ?? '',
      addresses: parseList(m[3] ?? ''),
      round: Number(m[4]),
    }
  },
  revision: (head: string) => {
    const m = new RegExp(`^(${ID}) \\(round (\\d+)\\)$`).exec(head)
    return m ? { proposal: m[1] ?? '', round: Number(m[2]) } : null
  },
  ballot: (head: string) => {
    const m = new RegExp(`^@(${ALIAS}) approves (.*) \\(round (\\d+), weight ([0-9.]+)\\)$`).exec(
      head,
    )
    if (!m) return null
    let weight: number
    try {
      weight = parseWeight(m[4] ?? '')
    } catch {
      return null
    }
    return { voter: m[1] ?? '', approves: parseList(m[2] ?? ''), round: Number(m[3]), weight }
  },
  absent: (head: string) => {
    const m = new RegExp(
      `^@(${ALIAS}) from (${DEBATE_PHASES.join('|')}) \\(round (\\d+)\\): ?(.*)$`,
    ).exec(head)
    if (!m) return null
    return {
      participant: m[1] ?? '',
      phase: m[2] as DebatePhase,
      round: Number(m[3]),
      reason: m[4] ?? '',
    }
  },
}
