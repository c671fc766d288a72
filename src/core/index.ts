// The pure domain: discussion format, voting and routing. No I/O here.
export * from './format/model.js'
export { parseDiscussion } from './format/parse.js'
export {
  serializeDiscussion,
  formatCommentBlock,
  normalizeAuthor,
  InvalidAuthorError,
} from './format/serialize.js'
export { escapeCommentBody, normalizeCommentText, unescapeCommentLine } from './format/escape.js'
export { findHeader, headerValue, splitList } from './format/headers.js'
export { matchMarker, normalizeVote, findMentions } from './format/markers.js'
export { describeDiscussion, currentPhase } from './discussion/describe.js'
export type { DiscussionView, CommentView, ItemView } from './discussion/describe.js'
export { validateDiscussion } from './discussion/validate.js'
export type { Problem } from './discussion/validate.js'
export {
  calculateConsensus,
  countVotes,
  describeConsensus,
  isHumanName,
  meetsThreshold,
  DEFAULT_CONSENSUS,
} from './voting/consensus.js'
export type { ConsensusConfig, ConsensusResult, VoteCounts } from './voting/consensus.js'
export { currentVotes } from './voting/current-votes.js'
export { routeMentions, pendingMentions, aliasOfAuthor } from './routing/route.js'
export type { RouteResult, PendingMention } from './routing/route.js'
