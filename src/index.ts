/**
 * The Orchestrated Discussions library: the same engine the `discussions` CLI and the app use.
 *
 * @example
 * import { openEngine } from 'orchestrated-discussions'
 * const engine = await openEngine({ cwd: process.cwd() })
 * const { view } = await engine.load('discussions/add-user-authentication.md')
 * await engine.addComment('discussions/add-user-authentication.md', { text: 'Agreed.', vote: 'READY' })
 */
export * from './core/index.js'
export { DiscussionError } from './core/errors.js'
export * from './node/index.js'
export { openEngine, Engine } from './node/engine/index.js'
export type {
  CouncilRun,
  DebateChoice,
  DebateRun,
  EngineOptions,
  EngineTurnOptions,
  LoadedDiscussion,
  NewCouncil,
  NewDebate,
} from './node/engine/index.js'
export { DiscussionFileStore } from './node/store/discussion-store.js'
export type {
  AppendResult,
  DiscussionSnapshot,
  NewComment,
  StoreOptions,
} from './node/store/discussion-store.js'
export { listDiscussions } from './node/store/discussion-folder.js'
export type { DiscussionListing } from './node/store/discussion-folder.js'
export { stateDir } from './node/store/state-dir.js'
// The council's state machine, for those who drive it with their own ports; `engine.council()`
// runs it on this machine's providers (docs/council.md).
export { COUNCIL_AUTHOR, runCouncil } from './core/council/run-council.js'
export type {
  CouncilDeps,
  CouncilRunOptions,
  CouncilRunResult,
  CouncilStore,
} from './core/council/run-council.js'
export type { CouncilEvent } from './core/council/events.js'
export { planCouncil, plannedCalls } from './core/council/plan.js'
export type { CouncilCall } from './core/council/plan.js'
export {
  COUNCIL_FLOWS,
  COUNCIL_MODES,
  COUNCIL_TIERS,
  resolveCouncilOptions,
} from './core/council/modes.js'
export type { CouncilFlow, CouncilMode, CouncilOptions, CouncilTier } from './core/council/modes.js'
// The debate's state machine, for those who drive it with their own ports; `engine.debate()`
// runs it on this machine's providers (docs/debate.md).
export { CLERK as DEBATE_CLERK, runDebate } from './core/debate/run-debate.js'
export type {
  DebateDeps,
  DebateRunOptions,
  DebateRunResult,
  DebateStore,
} from './core/debate/run-debate.js'
export type { DebateEvent } from './core/debate/events.js'
export { readDebate } from './core/debate/read-state.js'
export { summarizeDebate } from './core/debate/summary.js'
export { decideDebate } from './core/debate/decide.js'
export type { DebateOutcome, DebateSettings, DebateState } from './core/debate/model.js'
// Decisions leaving the discussion (docs/export.md): the decision built once, each ADR format,
// the gate's verdict; `engine.exportAdr()`, `exportHtml()` and `gate()` write and check files.
export { buildDecisionRecord, decisionTitle } from './core/export/decision-record.js'
export type { DecisionRecord, DecisionStatus } from './core/export/decision-record.js'
export { renderMadr } from './core/export/madr.js'
export { renderAdrTools } from './core/export/adr-tools.js'
export { renderLog4brains } from './core/export/log4brains.js'
export { ADR_FLAVORS, adrName, slugOf } from './core/export/adr-names.js'
export type { AdrFlavor } from './core/export/adr-names.js'
export { gateVerdict } from './core/export/gate.js'
export type {
  AdrExport,
  AdrOptions,
  GateOptions,
  GateResult,
  HtmlExport,
  HtmlOptions,
} from './node/engine/index.js'
