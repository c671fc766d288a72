/**
 * The verdict of a discussion's current phase under its template: which phase it is, whether it
 * votes, and what the votes that count say. The export and the gate read a discussion the same
 * way `status` does: a phase that does not vote decides nothing, whatever its votes say.
 */
import type { DiscussionView } from '../discussion/describe.js'
import { findPhase, initialPhase } from '../templates/phases.js'
import type { Template, TemplatePhase } from '../templates/schema.js'
import { calculateConsensus } from '../voting/consensus.js'
import { describeConsensus } from '../voting/verdict.js'
import type { ConsensusConfig, ConsensusResult } from '../voting/consensus.js'

export interface PhaseVerdict {
  /** The current phase in the template; undefined without a template or for an unknown phase. */
  phase: TemplatePhase | undefined
  /** False only when the template says the phase does not vote. */
  phaseVotes: boolean
  result: ConsensusResult
  /** The verdict in the words `status` uses. */
  words: string
}

export function phaseVerdict(
  view: DiscussionView,
  template: Template | null,
  consensus: Partial<ConsensusConfig>,
): PhaseVerdict {
  const phase = template ? findPhase(template, view.phase ?? initialPhase(template).id) : undefined
  const phaseVotes = phase?.voting ?? true
  const result = calculateConsensus(view.votes, consensus)
  const words = describeConsensus(result, { phaseVotes, phase: phase?.title ?? view.phase })
  return { phase, phaseVotes, result, words }
}
