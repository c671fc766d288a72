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
export { openEngine, Engine } from './node/engine/engine.js'
export type { EngineOptions, EngineTurnOptions, LoadedDiscussion } from './node/engine/engine.js'
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
// The council: advisors and a referee, or D/P groups and a meta-arbiter (docs/council.md).
export { createCouncil, runCouncilFile } from './node/council/council.js'
export type { NewCouncil } from './node/council/council.js'
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
