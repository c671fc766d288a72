// The pure domain: discussion format, voting and routing. No I/O here.
export * from './format/model.js'
export { parseDiscussion } from './format/parse.js'
export { serializeDiscussion, formatCommentBlock } from './format/serialize.js'
export { composeBody, personBody } from './format/comment-body.js'
export type { BodyPart, CommentBody } from './format/comment-body.js'
export { unescapeCommentLine } from './format/escape.js'
// The one door for outside text (see src/core/text/text.ts).
export {
  admitAnswer,
  admitName,
  admitText,
  admitTyped,
  admitTypedName,
  TextRefusedError,
  typedFromBytes,
} from './text/text.js'
export type { Name, Text } from './text/text.js'
export { findHeader, headerValue, splitList } from './format/headers.js'
export { matchMarker, normalizeVote, findMentions } from './format/markers.js'
export { describeDiscussion, currentPhase } from './discussion/describe.js'
export type { DiscussionView, CommentView, ItemView } from './discussion/describe.js'
export { validateDiscussion } from './discussion/validate.js'
export type { Problem } from './discussion/validate.js'
export {
  calculateConsensus,
  countVotes,
  isHumanName,
  meetsThreshold,
  DEFAULT_CONSENSUS,
} from './voting/consensus.js'
export type { ConsensusConfig, ConsensusResult, VoteCounts } from './voting/consensus.js'
export { describeConsensus, describeRule } from './voting/verdict.js'
export type { VerdictContext } from './voting/verdict.js'
export { currentVotes } from './voting/current-votes.js'
export { routeMentions, pendingMentions, aliasOfAuthor } from './routing/route.js'
export type { RouteResult, PendingMention } from './routing/route.js'
// Turns: prompts, answers, participants, the turn runner and its events.
export { buildPrompt, canVote, chooseBoundary, DEFAULT_PROMPT_BUDGET } from './turns/prompt.js'
export type { PromptInput } from './turns/prompt.js'
export { parseAnswer } from './turns/answer.js'
export type { ParsedAnswer, AnswerOptions } from './turns/answer.js'
export { selectParticipants } from './turns/select.js'
export type { Selection } from './turns/select.js'
export { runTurn } from './turns/run-turn.js'
export type { TurnAnswer, TurnDeps, TurnOptions, TurnResult, TurnStore } from './turns/run-turn.js'
export type { ParticipantEvent, TurnEvent } from './turns/turn-events.js'
// Providers: the port every adapter implements, fallback chains, usage and the demo.
export { ProviderError } from './providers/port.js'
export type {
  Provider,
  ProviderAttempt,
  ProviderCompletion,
  ProviderFailure,
  ProviderKind,
  ProviderPrices,
  ProviderRequest,
  ProviderResult,
  ProviderUsage,
} from './providers/port.js'
export { completeWithFallback, ProviderChainError } from './providers/fallback.js'
export { costOf, estimateTokens, estimateUsage, formatCost } from './providers/usage.js'
export { createDemoProvider, DEMO_NOTICE } from './providers/demo.js'
export { DEMO_PROVIDER } from './providers/resolve-chain.js'
export { summaryPrompt, renderSummary } from './discussion/summary.js'
export { previewTurn } from './turns/preview-turn.js'
export type { PromptPreview } from './turns/preview-turn.js'
export * from './navigation/index.js'
