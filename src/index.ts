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
