/**
 * The verdict in words: the one wording `status`, `votes`, a turn's summary, the app's side panel
 * and `.sum.md` summaries all show, so no two of them can disagree about the same votes.
 */
import type { ConsensusConfig, ConsensusResult } from './consensus.js'

export interface VerdictContext {
  /** Whether the current phase votes; false: votes cast in it decide nothing (default true). */
  phaseVotes?: boolean
  /** The current phase, named in the verdict of a phase that does not vote. */
  phase?: string | null
}

/** The consensus state in words, e.g. "Consensus reached: 2 of 3 READY." */
export function describeConsensus(result: ConsensusResult, context: VerdictContext = {}): string {
  if (context.phaseVotes === false) {
    const phase = context.phase ? ` (${context.phase})` : ''
    if (result.total === 0) return `No vote in this phase${phase}.`
    return `No vote in this phase${phase}; the votes so far (${result.counts.READY} of ${result.total} READY) decide nothing here.`
  }
  if (result.reached && result.outcome === 'READY') {
    return `Consensus reached: ${result.counts.READY} of ${result.total} READY.`
  }
  if (result.reached) return `Rejected: ${result.counts.REJECT} of ${result.total} REJECT.`
  return `No consensus yet: ${result.reason}.`
}

const percent = (fraction: number): string => `${Math.round(fraction * 100)}%`

/** The rule a verdict applies, e.g. "READY at 67% of the votes, with a human READY; any REJECT blocks." */
export function describeRule(rules: ConsensusConfig): string {
  const human = rules.human_required ? ', with at least one human READY' : ', no human READY needed'
  const reject =
    Math.round(rules.threshold_reject * 100) <= 1
      ? 'any REJECT blocks'
      : `REJECT at ${percent(rules.threshold_reject)} of the votes blocks`
  return `READY at ${percent(rules.threshold_ready)} of the votes${human}; ${reject}.`
}
