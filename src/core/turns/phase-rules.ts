/**
 * What a turn's answers mean for the discussion's phase and status, by the template's rules:
 * a READY consensus in a voting phase promotes the status (`on_consensus`) and, with
 * `auto_trigger: consensus`, moves to the next phase; a blocked vote sets `on_block`; with
 * `auto_trigger: all_mentioned_responded` the phase moves on once its own participants are done:
 * the turn asked at least one of them, and each has answered in this phase (a comment since the
 * phase began, or nothing to add in this turn). A persona outside the phase (a background
 * visualizer asked for a diagram) never moves it, and one participant alone does not either.
 */
import { aliasOfAuthor } from '../routing/route.js'
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

/** Who a turn asked, and who of them answered (a comment, or nothing to add). */
export interface TurnResponses {
  asked: readonly string[]
  answered: readonly string[]
}

/**
 * Whether the phase's participants (the discussion's, when the phase names none) are done: this
 * turn asked at least one of them, and every one has answered in the current phase.
 */
export function phaseParticipantsDone(
  participants: readonly string[],
  view: Pick<DiscussionView, 'comments'>,
  turn: TurnResponses,
): boolean {
  const own = participants.map((alias) => alias.toLowerCase())
  if (!turn.asked.some((alias) => own.includes(alias.toLowerCase()))) return false
  const answered = new Set(turn.answered.map((alias) => alias.toLowerCase()))
  for (const comment of view.comments)
    if (comment.current) answered.add(aliasOfAuthor(comment.author))
  return own.length > 0 && own.every((alias) => answered.has(alias))
}

export function phaseOutcome(
  view: DiscussionView,
  template: Template | null,
  consensus: Partial<ConsensusConfig>,
  turn: TurnResponses,
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
  if (phase.auto_trigger === 'all_mentioned_responded' && phase.next_phase) {
    const participants = phase.participants.length > 0 ? phase.participants : view.participants
    if (phaseParticipantsDone(participants, view, turn))
      return {
        advanceTo: phase.next_phase,
        status: null,
        reason: "the phase's participants have all answered",
      }
  }
  return none
}
