/**
 * The human's decision on an escalated debate: accept one proposal or reject them all. Refused
 * while the debate is still running or once it is decided, with what to do instead.
 */
import { DiscussionError } from '../errors.js'
import { blocks } from './blocks.js'
import type { DebateOutcome, DebateState } from './model.js'
import { currentText } from './model.js'
import { STATUS } from './run-debate.js'

export interface Decision {
  /** The comment block's text (signed by the human). */
  text: string
  outcome: DebateOutcome
  status: string
}

export function decideDebate(
  state: DebateState,
  choice: { accept: string } | { reject: true },
  by: string,
  reason = '',
): Decision {
  if (state.outcome?.kind !== 'escalated') {
    const now =
      state.outcome === null
        ? 'is still running; `discussions debate run` continues it'
        : `is already decided (${state.outcome.kind})`
    throw new DiscussionError(`The debate ${now}. Only an escalated debate waits for a decision.`)
  }
  if ('accept' in choice) {
    const id = choice.accept.trim().toUpperCase()
    const proposal = state.proposals.find((p) => p.id === id)
    if (!proposal) {
      const ids = state.proposals.map((p) => p.id).join(', ') || 'none'
      throw new DiscussionError(`"${choice.accept}" is not a proposal of this debate (${ids}).`)
    }
    const outcome: DebateOutcome = { kind: 'accepted', proposal: id, by }
    const text = [
      reason.trim(),
      `Accepted text of ${id} (@${proposal.author}):\n\n${currentText(proposal)}`,
    ]
      .filter(Boolean)
      .join('\n\n')
    return { text: blocks.outcome(outcome, text), outcome, status: STATUS.accepted }
  }
  const outcome: DebateOutcome = { kind: 'rejected', by }
  return { text: blocks.outcome(outcome, reason), outcome, status: STATUS.rejected }
}
