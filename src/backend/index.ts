/**
 * The backend: the UI contract implemented on the engine. The Electron main process and the
 * browser-mode server each build one and carry its requests and events over their own transport.
 */
import {
  AppendJournal,
  DiscussionFileStore,
  DiscussionWatcher,
  RecentFolders,
  stateDir,
  Workspace,
} from '../node/engine/index.js'
import { APP_NAME } from '../shared/app-info.js'
import type { EventChannel, EventPayload } from '../shared/contract/index.js'
import { appHandlers } from './app.js'
import type { Shell } from './app.js'
import { artifactsHandlers } from './artifacts.js'
import { commentsHandlers } from './comments.js'
import { councilHandlers } from './council.js'
import { debateHandlers } from './debate.js'
import { diagramsHandlers } from './diagrams.js'
import { discussionsHandlers } from './discussions.js'
import { Engines } from './infra/engines.js'
import { lossGuard } from './infra/loss-guard.js'
import { personasHandlers } from './personas.js'
import { providersHandlers } from './providers.js'
import { registryHandlers } from './registry.js'
import { speechHandlers } from './speech.js'
import { createRouter } from './infra/router.js'
import type { Invoke } from './infra/router.js'
import { turnsHandlers } from './turns.js'

export type { Shell } from './app.js'
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

export type EventListener = <E extends EventChannel>(channel: E, payload: EventPayload<E>) => void

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
  const guard = lossGuard(new DiscussionFileStore({ stateDir: state }), journal, emit, (error) =>
    options.onUnexpectedError?.('journal', error),
  )
  const watcher = new DiscussionWatcher((change) => {
    emit('discussion:changed', change)
    void guard(change.path) // answers an editor saved over come back, and the windows are told
  })
  const recent = options.recentFile
    ? new RecentFolders(options.recentFile)
    : RecentFolders.inStateFolder(state)
  const workspace = new Workspace(recent, (folder) => watcher.watch(folder))
  for (const folder of options.folders) await workspace.open(folder)
  if (options.confine) workspace.confine()
  const engines = new Engines(options.env)
  const turns = turnsHandlers(workspace, engines, emit)
  const council = councilHandlers(workspace, engines, emit)
  const { cancelAll: cancelDebates, ...debate } = debateHandlers(workspace, engines, emit)
  const about = { name: APP_NAME, version: options.version, platform: options.platform }
  const invoke = createRouter(
    {
      ...appHandlers(options.shell, workspace, engines, about),
      ...discussionsHandlers(workspace, engines),
      ...registryHandlers(workspace, engines),
      'turns:plan': turns['turns:plan'],
      'turns:start': turns['turns:start'],
      'turns:cancel': turns['turns:cancel'],
      'council:start': council['council:start'],
      'council:resume': council['council:resume'],
      'council:cancel': council['council:cancel'],
      'council:read': council['council:read'],
      ...commentsHandlers(workspace, engines),
      ...personasHandlers(workspace, engines),
      ...providersHandlers(workspace, engines),
      ...diagramsHandlers(workspace, engines, options.env),
      ...artifactsHandlers(workspace, engines),
      ...speechHandlers(options.shell, options.env),
      ...debate,
    },
    options.onUnexpectedError,
  )
  return {
    invoke,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close() {
      turns.cancelAll()
      council.cancelAll()
      cancelDebates()
      listeners.clear()
      watcher.close()
    },
  }
}
