/**
 * How a round is decided (the seed's algorithm, compared exactly):
 * 1. a proposal with a blocking critique its author did not address in this round is out;
 * 2. the total is the weight of every participant (an absent voter approves nothing, so a
 *    timeout never lowers the bar);
 * 3. a proposal passes when `den * approving >= num * total`;
 * 4. exactly one passes: consensus; none: another round; several: a run-off among them.
 * Nobody's approval of their own proposal counts, even if a hand-edited ballot claims it.
 */
import type { DebateRound, DebateState, RoundResult } from './model.js'
import { meetsThreshold } from './threshold.js'

export interface ProposalTally {
  proposal: string
  author: string
  /** Hundredths of weight approving. */
  approving: number
  approvers: string[]
  /** Unaddressed blocking critiques that put it out of the vote. */
  blockedBy: string[]
  passes: boolean
}

export interface RoundTally {
  round: number
  total: number
  proposals: ProposalTally[]
  result: RoundResult
}

/** Blocking critiques of `proposal` in this round that its author's defense does not address. */
export function unaddressedBlocking(round: DebateRound, proposal: string): string[] {
  const addressed = new Set(
    round.defenses.filter((d) => d.proposal === proposal).flatMap((d) => d.addresses),
  )
  return round.critiques
    .filter((c) => c.target === proposal && c.severity === 'blocking' && !addressed.has(c.id))
    .map((c) => c.id)
}

export function tallyRound(state: DebateState, round: DebateRound): RoundTally {
  const total = state.participants.reduce((sum, p) => sum + p.weight, 0)
  const weightOf = new Map(state.participants.map((p) => [p.alias, p.weight]))
  const proposals = round.candidates.flatMap((id): ProposalTally[] => {
    const proposal = state.proposals.find((p) => p.id === id)
    if (!proposal) return []
    // In the participants' order, whatever order the ballots were appended in.
    const approvers = state.participants
      .map((p) => p.alias)
      .filter((alias) =>
        round.ballots.some(
          (b) => b.voter === alias && alias !== proposal.author && b.approves.includes(id),
        ),
      )
    // The weight is the participant's as the header says now; a ballot's own figure is a record.
    const approving = approvers.reduce((sum, voter) => sum + (weightOf.get(voter) ?? 0), 0)
    const blockedBy = unaddressedBlocking(round, id)
    const passes =
      blockedBy.length === 0 && meetsThreshold(approving, total, state.settings.threshold)
    return [{ proposal: id, author: proposal.author, approving, approvers, blockedBy, passes }]
  })
  const passing = proposals.filter((p) => p.passes).map((p) => p.proposal)
  const result: RoundResult =
    passing.length === 1
      ? { kind: 'consensus', proposal: passing[0] ?? '' }
      : passing.length > 1
        ? { kind: 'runoff', proposals: passing }
        : { kind: 'none' }
  return { round: round.number, total, proposals, result }
}
