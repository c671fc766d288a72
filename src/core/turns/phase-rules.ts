/**
 * What a turn's answers mean for the discussion's phase and status, by the template's rules:
 * a READY consensus in a voting phase promotes the status (`on_consensus`) and, with
 * `auto_trigger: consensus`, moves to the next phase; a blocked vote sets `on_block`; with
 * `auto_trigger: all_mentioned_responded` the phase moves on once everyone asked has answered.
 */
import type { DiscussionView } from '../discussion/describe.js'
import { findPhase } from '../templates/phases.js'
import type { Template } from '../templates/schema.js'
import { calculateConsensus } from '../voting/consensus.js'
import { describeConsensus } from '../voting/verdict.js'
import type { ConsensusConfig } from '../voting/consensus.js'

export interface PhaseOutcome {
  advanceTo: string | null
  status: string | null
  /** Why, in words, for the summary line. */
  reason: string | null
}

export function phaseOutcome(
  view: DiscussionView,
  template: Template | null,
  consensus: Partial<ConsensusConfig>,
  everyoneAnswered: boolean,
): PhaseOutcome {
  const none: PhaseOutcome = { advanceTo: null, status: null, reason: null }
  const phase = template && view.phase ? findPhase(template, view.phase) : undefined
  if (!phase) return none
  if (phase.voting) {
    const result = calculateConsensus(view.votes, consensus)
    const summary = describeConsensus(result)
    if (result.reached && result.outcome === 'READY') {
      const advanceTo = phase.auto_trigger === 'consensus' ? phase.next_phase : null
      return { advanceTo, status: phase.on_consensus, reason: summary }
    }
    if (result.blocked_by.length > 0 && phase.on_block) {
      return { advanceTo: null, status: phase.on_block, reason: summary }
    }
  }
  if (phase.auto_trigger === 'all_mentioned_responded' && everyoneAnswered && phase.next_phase) {
    return { advanceTo: phase.next_phase, status: null, reason: 'everyone asked has answered' }
  }
  return none
}
