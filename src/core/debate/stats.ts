/**
 * Metrics over a folder of debates, as the seed reports them: consensus rate, escalation rate,
 * average rounds to consensus, and how many blocking critiques their authors addressed.
 * Rates are over finished debates (reached consensus, escalated or decided); running ones are
 * counted apart.
 */
import type { DebateState } from './model.js'

export interface DebateStats {
  debates: number
  running: number
  finished: number
  consensus: number
  escalated: number
  /** Escalated debates the human has decided since. */
  decided: number
  /** Fractions of `finished`; null when nothing finished. */
  consensusRate: number | null
  escalationRate: number | null
  averageRoundsToConsensus: number | null
  blockingCritiques: number
  blockingAddressed: number
  blockingResolutionRate: number | null
}

function wasEscalated(state: DebateState): boolean {
  return state.outcome !== null && state.outcome.kind !== 'consensus'
}

export function debateStats(states: readonly DebateState[]): DebateStats {
  const consensus = states.filter((s) => s.outcome?.kind === 'consensus')
  const escalated = states.filter(wasEscalated)
  const decided = escalated.filter((s) => s.outcome?.kind !== 'escalated')
  const finished = consensus.length + escalated.length
  let blockingCritiques = 0
  let blockingAddressed = 0
  for (const state of states)
    for (const round of state.rounds) {
      const addressed = new Set(round.defenses.flatMap((d) => d.addresses))
      for (const critique of round.critiques.filter((c) => c.severity === 'blocking')) {
        blockingCritiques++
        if (addressed.has(critique.id)) blockingAddressed++
      }
    }
  const roundsToConsensus = consensus.map((s) =>
    s.outcome?.kind === 'consensus' ? s.outcome.round : 0,
  )
  const rate = (count: number): number | null => (finished === 0 ? null : count / finished)
  return {
    debates: states.length,
    running: states.length - finished,
    finished,
    consensus: consensus.length,
    escalated: escalated.length,
    decided: decided.length,
    consensusRate: rate(consensus.length),
    escalationRate: rate(escalated.length),
    averageRoundsToConsensus:
      roundsToConsensus.length === 0
        ? null
        : roundsToConsensus.reduce((a, b) => a + b, 0) / roundsToConsensus.length,
    blockingCritiques,
    blockingAddressed,
    blockingResolutionRate: blockingCritiques === 0 ? null : blockingAddressed / blockingCritiques,
  }
}
