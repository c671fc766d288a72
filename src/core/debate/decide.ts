/**
 * The human's decision on an escalated debate: accept one proposal or reject them all. Refused
 * while the debate is still running or once it is decided, with what to do instead.
 */
import { DiscussionError } from '../errors.js'
import type { CommentBody } from '../format/comment-body.js'
import { admitText, joinText } from '../text/text.js'
import type { Name, Text } from '../text/text.js'
import { isHumanName } from '../voting/consensus.js'
import { blocks } from './blocks.js'
import type { DebateOutcome, DebateState } from './model.js'
import { currentText } from './model.js'
import { STATUS } from './run-debate.js'

export interface Decision {
  /** The comment block's body (signed by the human, `by`). */
  body: CommentBody
  outcome: DebateOutcome
  status: Text
}

export function decideDebate(
  state: DebateState,
  choice: { accept: string } | { reject: true },
  by: Name,
  reason: Text = admitText(''),
): Decision {
  if (state.outcome?.kind !== 'escalated') {
    const now =
      state.outcome === null
        ? 'is still running; `discussions debate run` continues it'
        : `is already decided (${state.outcome.kind})`
    throw new DiscussionError(`The debate ${now}. Only an escalated debate waits for a decision.`)
  }
  // The parser takes a decision only from a person's own block (`read-state.ts`).
  if (!isHumanName(by))
    throw new DiscussionError(
      `A decision is a person's, and "${by}" reads as an AI's name (AI-, bot-); decide under your own name.`,
    )
  if ('accept' in choice) {
    const id = choice.accept.trim().toUpperCase()
    const proposal = state.proposals.find((p) => p.id === id)
    if (!proposal) {
      const ids = state.proposals.map((p) => p.id).join(', ') || 'none'
      throw new DiscussionError(`"${choice.accept}" is not a proposal of this debate (${ids}).`)
    }
    const outcome: DebateOutcome = { kind: 'accepted', proposal: id, by }
    // The proposal's text is read back from the file, which is outside text too.
    const accepted = admitText(
      `Accepted text of ${id} (@${proposal.author}):\n\n${currentText(proposal)}`,
    )
    const text = reason.trim() === '' ? accepted : joinText([reason, accepted], '\n\n')
    return { body: blocks.outcome(outcome, text), outcome, status: STATUS.accepted }
  }
  const outcome: DebateOutcome = { kind: 'rejected', by }
  return { body: blocks.outcome(outcome, reason), outcome, status: STATUS.rejected }
}
