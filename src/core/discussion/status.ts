/**
 * The state of a discussion at a glance, as `discussions status` and the app's side panel show
 * it: each participant's latest vote with a short reason, the open items, and consensus in words.
 */
import { matchMarker } from '../format/markers.js'
import { calculateConsensus } from '../voting/consensus.js'
import { describeConsensus } from '../voting/verdict.js'
import type { ConsensusConfig, ConsensusResult } from '../voting/consensus.js'
import type { VerdictContext } from '../voting/verdict.js'
import type { CommentView, DiscussionView, ItemView } from './describe.js'

export interface ParticipantStatus {
  name: string
  vote: CommentView['vote']
  /** The first sentence of the comment that carried the vote. */
  reason: string
}

export interface DiscussionStatus {
  title: string | null
  phase: string | null
  status: string | null
  template: string | null
  participants: ParticipantStatus[]
  questions: ItemView[]
  decisions: ItemView[]
  todos: ItemView[]
  concerns: ItemView[]
  consensus: ConsensusResult & { summary: string }
}

const REASON_LENGTH = 80

/** The first sentence of a comment that is not a marker line, shortened for one line of output. */
export function shortReason(body: string): string {
  const line =
    body
      .split('\n')
      .map((text) => text.replace(/^[\s>*_#-]+/, '').trim())
      .find((text) => text !== '' && !matchMarker(text) && !text.startsWith('```')) ?? ''
  const sentence = /^(.+?[.!?])(\s|$)/.exec(line)?.[1] ?? line
  return sentence.length > REASON_LENGTH
    ? `${sentence.slice(0, REASON_LENGTH - 1).trimEnd()}…`
    : sentence
}

/**
 * `phaseVotes`: whether the current phase votes (from its template); a phase that does not vote
 * never reads "Consensus reached". `phase`: the phase's name as its template titles it (default:
 * the id in the header).
 */
export function discussionStatus(
  view: DiscussionView,
  consensus: Partial<ConsensusConfig>,
  context: Pick<VerdictContext, 'phaseVotes' | 'phase'> = {},
): DiscussionStatus {
  const participants: ParticipantStatus[] = []
  for (const [name, vote] of Object.entries(view.votes)) {
    const comment = [...view.comments]
      .reverse()
      .find((c) => c.current && c.author === name && c.vote === vote)
    participants.push({ name, vote, reason: comment ? shortReason(comment.body) : '' })
  }
  const result = calculateConsensus(view.votes, consensus)
  return {
    title: view.title,
    phase: view.phase,
    status: view.status,
    template: view.template,
    participants,
    questions: view.questions,
    decisions: view.decisions,
    todos: view.todos,
    concerns: view.concerns,
    consensus: {
      ...result,
      summary: describeConsensus(result, { ...context, phase: context.phase ?? view.phase }),
    },
  }
}
