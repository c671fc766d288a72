/**
 * The use-case layer's one door: src/cli and src/backend import src/node through this file only
 * (an ESLint rule keeps it so). Workflows are Engine methods; what is exported beside the Engine
 * is what a composition root needs to build one (the store, the journal) or to name its errors.
 */
export { Engine, openEngine } from './engine.js'
export type {
  CouncilRun,
  DebateChoice,
  EngineOptions,
  EngineTurnOptions,
  LoadedDiscussion,
} from './engine.js'
export type { NewCouncil } from './council.js'
export type { DebateRun, NewDebate } from './debate.js'
// Reads that need no settings: the discussions of a folder.
export { listDiscussions } from '../store/discussion-folder.js'
export type { DiscussionListing } from '../store/discussion-folder.js'
// Long-lived services the app keeps across engines: PlantUML rendering, reading aloud.
export { MAX_SOURCE_BYTES, NO_PLANTUML, PlantUmlRenderer } from '../diagrams/plantuml-renderer.js'
export { findSpeechProgram, Speaker, SPEECH_INSTALL_HINT } from '../speech/speaker.js'
