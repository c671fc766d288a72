/**
 * The text of each block the debate appends: notes about dropped parts first (text before the
 * first marker is not parsed), then the marker lines with their free text, escaped.
 */
import type { Critique, DebateOutcome, DebatePhase, RoundResult } from './model.js'
import { escapeFreeText, format } from './markers.js'
import { formatOutcome, formatRoundResult } from './result-markers.js'
import type { RoundTally } from './tally.js'
import { formatThreshold } from './threshold.js'
import type { Threshold } from './model.js'
import { formatWeight } from './weights.js'

function withNotes(notes: readonly string[], sections: string[]): string {
  const head = notes.map((note) => `_(${note})_`)
  return [...(head.length > 0 ? [head.join('\n'), ''] : []), ...sections].join('\n')
}

function section(marker: string, text: string): string {
  return text.trim() === '' ? marker : `${marker}\n\n${escapeFreeText(text.trim())}\n`
}

export const blocks = {
  round: (round: number, runoff: readonly string[] | null): string => format.round(round, runoff),

  proposal: (
    id: string,
    author: string,
    text: string,
    confidence: number | null,
    notes: string[],
  ) => withNotes(notes, [section(format.proposal(id, author, confidence), text)]),

  critiques: (critic: string, round: number, critiques: Critique[], notes: string[]): string =>
    withNotes(
      notes,
      critiques.length === 0
        ? [format.noCritique(critic, round)]
        : critiques.map((c) => section(format.critique(c), c.text)),
    ),

  defense: (
    d: { proposal: string; author: string; addresses: string[]; round: number; response: string },
    modified: string | null,
    notes: string[],
  ): string =>
    withNotes(notes, [
      section(format.defense(d.proposal, d.author, d.addresses, d.round), d.response),
      ...(modified ? [section(format.revision(d.proposal, d.round), modified)] : []),
    ]),

  ballot: (
    voter: string,
    approves: string[],
    round: number,
    weight: number,
    justification: string,
    notes: string[],
  ): string =>
    withNotes(notes, [section(format.ballot(voter, approves, round, weight), justification)]),

  absent: (participant: string, phase: DebatePhase, round: number, reason: string, raw: string) =>
    section(
      format.absent(participant, phase, round, reason),
      raw.trim() === ''
        ? ''
        : `What it answered:\n\n${raw
            .trim()
            .split('\n')
            .map((line) => `> ${line}`)
            .join('\n')}`,
    ),

  roundResult: (tally: RoundTally, threshold: Threshold, result: RoundResult): string =>
    section(formatRoundResult(tally.round, result), tallyTable(tally, threshold)),

  outcome: (outcome: DebateOutcome, text = ''): string => section(formatOutcome(outcome), text),
}

export function tallyTable(tally: RoundTally, threshold: Threshold): string {
  const rows = tally.proposals.map((p) => {
    const approvers = p.approvers.map((a) => `@${a}`).join(', ') || '—'
    const status =
      p.blockedBy.length > 0
        ? `blocked by ${p.blockedBy.join(', ')}`
        : p.passes
          ? 'passes'
          : 'below'
    return `| ${p.proposal} (@${p.author}) | ${formatWeight(p.approving)} of ${formatWeight(tally.total)} | ${approvers} | ${status} |`
  })
  return [
    `Threshold: ${formatThreshold(threshold)} of the total voting weight (${formatWeight(tally.total)}).`,
    '',
    '| Proposal | Approving weight | Approved by | Standing |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n')
}
