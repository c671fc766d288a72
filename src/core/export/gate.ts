/**
 * The gate's verdict on one discussion: ready only when the current phase votes under its
 * template and the votes that count reach a READY consensus that a human approved (a READY from
 * a name that is not an AI's), whatever the configuration says about human approval: the gate
 * exists to say a person agreed. Also which human votes it counted and on which lines they
 * stand, for a check of who committed those lines.
 */
import type { DiscussionView } from '../discussion/describe.js'
import type { ParsedDiscussion, Vote } from '../format/model.js'
import type { Template } from '../templates/schema.js'
import { currentVotes } from '../voting/current-votes.js'
import { isHumanName } from '../voting/consensus.js'
import type { ConsensusConfig, VoteCounts } from '../voting/consensus.js'
import { phaseVerdict } from './phase-verdict.js'

export interface GateVerdict {
  ready: boolean
  /** One line: why it is or is not ready. */
  reason: string
  counts: VoteCounts
  humanApproved: boolean
  /** The current phase as its template titles it (else its id). */
  phase: string | null
}

const lower = (text: string): string => text.replace(/\.$/, '')
const small = (text: string): string => `${text.charAt(0).toLowerCase()}${text.slice(1)}`

export function gateVerdict(
  view: DiscussionView,
  template: Template | null,
  consensus: Partial<ConsensusConfig>,
): GateVerdict {
  const verdict = phaseVerdict(view, template, consensus)
  const { result } = verdict
  const phase = verdict.phase?.title ?? view.phase
  const base = { counts: result.counts, humanApproved: result.human_approved, phase }
  if (!verdict.phaseVotes) {
    const so =
      result.total > 0
        ? `: the votes so far (${result.counts.READY} of ${result.total} READY) decide nothing`
        : ''
    return { ...base, ready: false, reason: `its phase ${phase ?? '(none)'} does not vote${so}` }
  }
  if (!result.reached || result.outcome !== 'READY')
    return { ...base, ready: false, reason: small(lower(verdict.words)) }
  if (!result.human_approved)
    return {
      ...base,
      ready: false,
      reason: `${lower(verdict.words)}, but no human voted READY; the gate needs a person's approval`,
    }
  const humans = Object.entries(view.votes)
    .filter(([name, vote]) => vote === 'READY' && isHumanName(name))
    .map(([name]) => name)
  return {
    ...base,
    ready: true,
    reason: `${lower(verdict.words)}, approved by ${humans.join(', ')}`,
  }
}

export interface CountedHumanVote {
  name: string
  vote: Vote
  /** The `Name:` line of the comment that carries the vote. */
  nameLine: number
  /** The line of its vote marker; null when the vote has no line of its own. */
  voteLine: number | null
}

/** The human votes that count now, each with the lines that cast it. */
export function countedHumanVotes(parsed: ParsedDiscussion): CountedHumanVote[] {
  const votes = currentVotes(parsed)
  const epoch = parsed.phaseMarkers.length
  const counted: CountedHumanVote[] = []
  for (const [name, vote] of Object.entries(votes)) {
    if (!isHumanName(name)) continue
    const comment = parsed.comments.findLast(
      (c) => c.epoch === epoch && c.author === name && c.vote === vote,
    )
    if (!comment) continue
    const marker = comment.markers.findLast((m) => m.kind === 'vote')
    counted.push({ name, vote, nameLine: comment.line, voteLine: marker?.line ?? null })
  }
  return counted
}
