/**
 * The use-case layer's one door: src/cli and src/backend import src/node through this file only
 * (an ESLint rule keeps it so). Every workflow is an Engine method; what is exported beside the
 * Engine is what a composition root needs to build one and the app's long-lived services (the
 * store, the append journal, the PlantUML renderer, speech), the errors callers tell apart, and
 * the few reads that must work before a project's settings load (listing, registries, paths).
 */
export { Engine } from './engine.js'
export { openEngine } from './open-engine.js'
export type {
  CouncilRun,
  DebateChoice,
  EngineOptions,
  EngineTurnOptions,
  LoadedDiscussion,
} from './engine.js'
export type { ArtifactResult, NewArtifact, OpenedDiagram } from './artifacts.js'
// The one rule for naming a new diagram, said before the name is used (the terminal UI asks).
export { DIAGRAMS_FOLDER, diagramNameProblem } from '../diagrams/diagram-name.js'
export type { NewCouncil } from './council.js'
export type { RunCaps } from './budget.js'
export type { RunEstimate } from './estimate-turn.js'
export type { EstimateBudget } from './estimate-budget.js'
export type { FolderUsage } from './usage.js'
export type { DebateRun, NewDebate } from './debate.js'
export type { PersonaTarget, SavedPersona } from './personas.js'
export type {
  AdrExport,
  AdrOptions,
  GateOptions,
  GateResult,
  HtmlExport,
  HtmlOptions,
} from './export.js'
// An export that would replace a file the person did not ask to replace.
export { ExportExistsError } from '../export/write-export.js'
export { PROVIDER_TEST_PROMPT } from './providers.js'
export { personasOf, templatesOf } from './registries.js'

// Errors a person can cause and fix, with the file and line.
export { ConfigError } from '../config/config-error.js'
// Paths: the package's own folder (the app's build), the user's config folder, the project root.
export { findProjectRoot, packageRoot, userConfigDir } from '../config/paths.js'
// A desktop launch lacks the login shell's PATH: the app adds it before any provider runs.
export { withShellPath } from '../config/shell-path.js'
export type {
  PersonaEntry,
  PersonaRegistry,
  TemplateEntry,
  TemplateRegistry,
} from '../config/registry.js'
// Where a path lies, after links: for showing a path relative to a folder, and for confining
// one to a folder (the MCP server serves one).
export { isBelow, isInside, realLocation } from '../files/is-inside.js'
// The app's workspace: the folders a person opened (every requested path confined to them), the
// ones opened before (a small file written durably), and the discussions changing in them.
export { Workspace, WorkspaceError } from '../files/workspace.js'
export type { WorkspaceState } from '../files/workspace.js'
export { MAX_RECENT, RecentFolders } from '../store/recent-folders.js'
export { MAX_READ_MARKS, ReadMarks } from '../store/read-marks.js'
export { DiscussionWatcher } from '../store/discussion-watcher.js'
export { SettingsWatcher } from '../config/settings-watcher.js'
export type { SettingsPlace } from '../config/settings-watcher.js'
export { EMPTY_SETTINGS, readSettings, settingsPlaces } from './settings-reading.js'
export type { SettingsReading } from './settings-reading.js'
export type { DiscussionFileChange } from '../store/discussion-watcher.js'
// Reads of a file shown as it is: size-limited text, the time of its last change.
export { lastModified, readTextUpTo } from '../files/shown-files.js'
export { readSummaryText, summaryFileOf } from './summary-file.js'
// The built renderer's files, never one outside its folder (the desktop protocol and the server).
export { resolveStaticFile } from '../files/static-files.js'
export type { StaticFile } from '../files/static-files.js'
// A new file beside a discussion (a diagram the terminal UI made) through the checked, durable
// writes: created exclusively, in a folder that stays inside the discussion's.
export { createDurably, ensureFolderInside } from '../store/durable-write.js'
// What a file named on the command line is (a discussion, JSON, binary ...), said before reading it.
export { fileKindOf, NotADiscussionError, requireDiscussionFile } from '../store/discussion-kind.js'
// Reads that need no settings: the discussions of a folder.
export { listDiscussions } from '../store/discussion-folder.js'
export type { DiscussionListing } from '../store/discussion-folder.js'
// Full-text search over a folder's discussions: once (the CLI), or kept between queries (the app).
export {
  FolderSearch,
  NotADiscussionFileError,
  searchDiscussionFile,
  searchFolder,
} from '../store/search-folder.js'
// The app's composition: the store, the journal that guards appends, and restoring from it.
export { DiscussionFileStore } from '../store/discussion-store.js'
export { AppendJournal } from '../store/journal.js'
export {
  lostEntries,
  lostPhase,
  restoreLost,
  restoreLostChanges,
} from '../store/journal-restore.js'
export type { LostPhase } from '../store/journal-restore.js'
export { stateDir } from '../store/state-dir.js'
// Folder settings that are relative are ignored; each says so in one line (folder-setting.ts).
export { ignoredFolderSettings } from '../files/folder-setting.js'
// Long-lived services the app keeps across engines: PlantUML rendering, reading aloud.
export { GRAPHVIZ_HINT } from '../diagrams/plantuml-output.js'
export { MAX_SOURCE_BYTES, NO_PLANTUML, PlantUmlRenderer } from '../diagrams/plantuml-renderer.js'
export { findSpeechProgram, Speaker, SPEECH_INSTALL_HINT } from '../speech/speaker.js'
// `discussions providers` before any settings load (detect, trust, list by file).
export * from './provider-setup.js'
