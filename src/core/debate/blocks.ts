/**
 * The body of each block the debate appends: notes about dropped parts first (text before the
 * first marker is not parsed), then the marker lines with their free text. Marker lines are the
 * engine's own; everything a participant or a person wrote is a `Text`, escaped as it is composed
 * (`src/core/format/comment-body.ts`), so it can never read as a marker line.
 */
import { composeBody } from '../format/comment-body.js'
import type { BodyPart, CommentBody } from '../format/comment-body.js'
import type { Text } from '../text/text.js'
import { admitText } from '../text/text.js'
import type { Critique, DebateOutcome, DebatePhase, RoundResult, Threshold } from './model.js'
import { format } from './markers.js'
import { formatOutcome, formatRoundResult } from './result-markers.js'
import type { RoundTally } from './tally.js'
import { formatThreshold } from './threshold.js'
import { formatWeight } from './weights.js'

/** A critique as it is written: its text came from a participant. */
export type CritiqueText = Omit<Critique, 'text'> & { text: Text }

function withNotes(notes: readonly Text[], sections: BodyPart[][]): CommentBody {
  const head = notes.length > 0 ? [admitText(notes.map((note) => `_(${note})_`).join('\n'))] : []
  return composeBody([...head, ...sections.flat()])
}

function section(marker: string, text: Text): BodyPart[] {
  return text.trim() === '' ? [{ engine: marker }] : [{ engine: marker }, text]
}

export const blocks = {
  round: (round: number, runoff: readonly string[] | null): CommentBody =>
    composeBody([{ engine: format.round(round, runoff) }]),

  proposal: (
    id: string,
    author: string,
    text: Text,
    confidence: number | null,
    notes: readonly Text[],
  ): CommentBody => withNotes(notes, [section(format.proposal(id, author, confidence), text)]),

  critiques: (
    critic: string,
    round: number,
    critiques: readonly CritiqueText[],
    notes: readonly Text[],
  ): CommentBody =>
    withNotes(
      notes,
      critiques.length === 0
        ? [[{ engine: format.noCritique(critic, round) }]]
        : critiques.map((c) => section(format.critique(c), c.text)),
    ),

  defense: (
    d: { proposal: string; author: string; addresses: string[]; round: number; response: Text },
    modified: Text | null,
    notes: readonly Text[],
  ): CommentBody =>
    withNotes(notes, [
      section(format.defense(d.proposal, d.author, d.addresses, d.round), d.response),
      ...(modified ? [section(format.revision(d.proposal, d.round), modified)] : []),
    ]),

  ballot: (
    voter: string,
    approves: string[],
    round: number,
    weight: number,
    justification: Text,
    notes: readonly Text[],
  ): CommentBody =>
    withNotes(notes, [section(format.ballot(voter, approves, round, weight), justification)]),

  /** `raw`: what the participant answered, quoted so a reader sees why it was not read. */
  absent: (
    participant: string,
    phase: DebatePhase,
    round: number,
    reason: Text,
    raw: Text,
  ): CommentBody =>
    composeBody([
      { engine: format.absent(participant, phase, round, reason) },
      ...(raw.trim() === '' ? [] : [admitText('What it answered:'), { quote: raw }]),
    ]),

  roundResult: (tally: RoundTally, threshold: Threshold, result: RoundResult): CommentBody =>
    composeBody([
      { engine: formatRoundResult(tally.round, result) },
      { engine: tallyTable(tally, threshold) },
    ]),

  /** The escalation (signed by the clerk) or the human's decision (signed by the human). */
  outcome: (outcome: DebateOutcome, text: Text): CommentBody =>
    composeBody(section(formatOutcome(outcome), text)),
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
