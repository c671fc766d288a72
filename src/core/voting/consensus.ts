import type { Vote } from '../format/model.js'

export interface ConsensusConfig {
  /** Fraction of READY votes needed (default 0.67). */
  threshold_ready: number
  /** Fraction of REJECT votes that blocks (default 0.01: any REJECT). */
  threshold_reject: number
  /** Whether at least one human READY is needed (default false here; the project config says true). */
  human_required: boolean
}

export const DEFAULT_CONSENSUS: ConsensusConfig = {
  threshold_ready: 0.67,
  threshold_reject: 0.01,
  human_required: false,
}

export type VoteCounts = Record<Vote, number>

export interface ConsensusResult {
  reached: boolean
  outcome: 'READY' | 'REJECT' | null
  counts: VoteCounts
  total: number
  ready_fraction: number
  reject_fraction: number
  blocked_by: string[]
  human_approved: boolean
  /** What stands between the votes and a READY consensus, in words ("blocked by AI-Security"); empty when reached. */
  reason: string
}

const AI_NAME = /^(ai|bot)[-_]/i

/** A name that does not start with `ai-`, `ai_`, `bot-` or `bot_` (any case) is a human's. */
export function isHumanName(name: string): boolean {
  return !AI_NAME.test(name.trim())
}

/**
 * One rounding rule for every threshold: fractions compare at two decimals, so 2 of 3 READY
 * (0.6667) meets 0.67, and any REJECT among up to 149 votes meets 0.01.
 */
export function meetsThreshold(fraction: number, threshold: number): boolean {
  return Math.round(fraction * 100) >= Math.round(threshold * 100)
}

export function countVotes(votes: Record<string, Vote | null | undefined>): VoteCounts {
  const counts: VoteCounts = { READY: 0, CHANGES: 0, REJECT: 0 }
  for (const vote of Object.values(votes)) if (vote) counts[vote]++
  return counts
}

export function calculateConsensus(
  votes: Record<string, Vote | null | undefined>,
  config: Partial<ConsensusConfig> = {},
): ConsensusResult {
  const rules = { ...DEFAULT_CONSENSUS, ...config }
  const counts = countVotes(votes)
  const total = counts.READY + counts.CHANGES + counts.REJECT
  const ready_fraction = total === 0 ? 0 : counts.READY / total
  const reject_fraction = total === 0 ? 0 : counts.REJECT / total
  const rejecters = Object.entries(votes)
    .filter(([, vote]) => vote === 'REJECT')
    .map(([name]) => name)
  const human_approved = Object.entries(votes).some(
    ([name, vote]) => vote === 'READY' && isHumanName(name),
  )
  const base = { counts, total, ready_fraction, reject_fraction, human_approved }

  if (total === 0)
    return { ...base, reached: false, outcome: null, blocked_by: [], reason: 'no votes yet' }
  const blocked = counts.REJECT > 0 && meetsThreshold(reject_fraction, rules.threshold_reject)
  if (blocked && meetsThreshold(reject_fraction, rules.threshold_ready)) {
    return { ...base, reached: true, outcome: 'REJECT', blocked_by: rejecters, reason: '' }
  }
  if (blocked) {
    return {
      ...base,
      reached: false,
      outcome: null,
      blocked_by: rejecters,
      reason: `blocked by ${rejecters.join(', ')}`,
    }
  }
  const readyMet = meetsThreshold(ready_fraction, rules.threshold_ready)
  const needsHuman = rules.human_required && !human_approved
  if (readyMet && !needsHuman) {
    return { ...base, reached: true, outcome: 'READY', blocked_by: [], reason: '' }
  }
  const reason = readyMet
    ? `${counts.READY} of ${total} READY, needs a human READY`
    : `${counts.READY} of ${total} READY, needs ${Math.round(rules.threshold_ready * 100)}%`
  return { ...base, reached: false, outcome: null, blocked_by: [], reason }
}
