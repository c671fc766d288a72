/**
 * The backend: the UI contract implemented on the engine. The Electron main process and the
 * browser-mode server each build one and carry its requests and events over their own transport.
 */
import {
  AppendJournal,
  DiscussionFileStore,
  DiscussionWatcher,
  isInside,
  RecentFolders,
  stateDir,
  Workspace,
} from '../node/engine/index.js'
import { APP_NAME } from '../shared/app-info.js'
import { appHandlers } from './app.js'
import { artifactsHandlers } from './artifacts.js'
import { commentsHandlers } from './comments.js'
import { handlerTable } from './infra/context.js'
import type { BackendContext, DomainTable, EventListener, Shell } from './infra/context.js'
import { councilHandlers } from './councils.js'
import { debatesHandlers } from './debates.js'
import { diagramsHandlers } from './diagrams.js'
import { discussionsHandlers } from './discussions.js'
import { exportsHandlers } from './exports.js'
import { Engines } from './infra/engines.js'
import { LiveSettings } from './infra/live-settings.js'
import { lossGuard } from './infra/loss-guard.js'
import { createRouter } from './infra/router.js'
import { linksHandlers } from './links.js'
import type { Invoke } from './infra/router.js'
import { personasHandlers } from './personas.js'
import { phasesHandlers } from './phases.js'
import { providersHandlers } from './providers.js'
import { searchHandlers } from './search.js'
import { speechHandlers } from './speech.js'
import { summariesHandlers } from './summaries.js'
import { templatesHandlers } from './templates.js'
import { turnsHandlers } from './turns.js'
import { workspaceHandlers } from './workspace.js'

export type { Shell } from './infra/context.js'
export type { EventListener } from './infra/context.js'
export type { Invoke } from './infra/router.js'
export { checkExternalUrl } from './infra/links.js'
export {
  contentSecurityPolicy,
  MERMAID_SANDBOX_PAGE,
  mermaidSandboxHeaders,
  SECURITY_HEADERS,
  sandboxAssetHeaders,
} from './infra/csp.js'
export { resolveStaticFile } from '../node/engine/index.js'

export interface BackendOptions {
  shell: Shell
  env: NodeJS.ProcessEnv
  /** The platform the app runs on, as the entry point read it (told in `app:info`). */
  platform: NodeJS.Platform
  /** The folders open at start, the first one shown first. */
  folders: readonly string[]
  /** Only these folders and their subfolders may ever be opened (the browser mode). */
  confine?: boolean
  version: string
  /** Where the recent folders are kept (default: `recent-folders.json` in the state folder). */
  recentFile?: string
  /** Called with errors that are bugs rather than a person's mistake (for a log). */
  onUnexpectedError?: (channel: string, error: unknown) => void
}

export interface Backend {
  invoke: Invoke
  /** Receives every event; returns the function that stops it. */
  subscribe(listener: EventListener): () => void
  close(): void
}

export async function createBackend(options: BackendOptions): Promise<Backend> {
  const listeners = new Set<EventListener>()
  const emit: EventListener = (channel, payload) => {
    for (const listener of listeners) listener(channel, payload)
  }
  const state = stateDir(options.env)
  const journal = new AppendJournal(state)
  // Restores answers into a discussion of an open folder, never outside it.
  const inOpenFolder = (path: string): string | undefined =>
    workspace.folders.find((folder) => isInside(folder, path))
  const store = new DiscussionFileStore({ stateDir: state, root: inOpenFolder })
  const guard = lossGuard(store, journal, emit, (error) =>
    options.onUnexpectedError?.('journal', error),
  )
  const watcher = new DiscussionWatcher((change) => {
    emit('discussions:changed', change)
    void guard(change.path) // answers an editor saved over come back, and the windows are told
  })
  const recent = options.recentFile
    ? new RecentFolders(options.recentFile)
    : RecentFolders.inStateFolder(state)
  const engines = new Engines(options.env)
  const settings = new LiveSettings(engines, emit)
  const workspace = new Workspace(recent, async (folder) => {
    await watcher.watch(folder)
    await settings.watch(folder)
  })
  for (const folder of options.folders) await workspace.open(folder)
  if (options.confine) workspace.confine()
  const about = { name: APP_NAME, version: options.version, platform: options.platform }
  const context: BackendContext = {
    shell: options.shell,
    env: options.env,
    workspace,
    engines,
    emit,
    about,
  }
  const { cancelAll: closeCouncils, ...council } = councilHandlers(workspace, engines, emit)
  const domains: DomainTable = {
    app: appHandlers(context),
    workspace: workspaceHandlers(context),
    links: linksHandlers(context),
    discussions: discussionsHandlers(context),
    personas: personasHandlers(context),
    templates: templatesHandlers(context),
    turns: turnsHandlers(context),
    councils: { handlers: council, close: closeCouncils },
    comments: commentsHandlers(context),
    phases: phasesHandlers(context),
    providers: providersHandlers(context),
    diagrams: diagramsHandlers(context),
    artifacts: artifactsHandlers(context),
    speech: speechHandlers(context),
    debates: debatesHandlers(context),
    exports: exportsHandlers(context),
    search: searchHandlers(context),
    summaries: summariesHandlers(context),
  }
  const invoke = createRouter(handlerTable(domains), options.onUnexpectedError)
  return {
    invoke,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close() {
      for (const domain of Object.values(domains)) domain.close?.()
      listeners.clear()
      watcher.close()
      settings.close()
    },
  }
}
