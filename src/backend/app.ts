/** app:info, app:quit, links:open, workspace:open, workspace:recent. */
import type { AppInfo } from '../shared/contract/index.js'
import type { Engines } from './infra/engines.js'
import { checkExternalUrl } from './infra/links.js'
import type { Handlers } from './infra/router.js'
import type { Workspace } from '../node/engine/index.js'

/** What differs between the desktop app and the browser mode, supplied by each composition root. */
export interface Shell {
  mode: AppInfo['mode']
  /** Asks with the system's folder picker; null when cancelled. Absent: no picker (browser mode). */
  pickFolder?: () => Promise<string | null>
  /** Confirms with the person, then opens a checked URL; false when they cancel. */
  openExternal?: (url: string) => Promise<boolean>
  quit?: () => void
}

type AppHandlers = Pick<
  Handlers,
  'app:info' | 'app:quit' | 'links:open' | 'workspace:open' | 'workspace:recent'
>

export function appHandlers(
  shell: Shell,
  workspace: Workspace,
  engines: Engines,
  about: { name: string; version: string; platform: string },
): AppHandlers {
  return {
    'app:info': async () => {
      const folder = workspace.folders[0]
      const userName = folder ? (await engines.for(folder)).userName : 'Human'
      return { ...about, mode: shell.mode, userName }
    },
    'app:quit': () => {
      if (!shell.quit) return Promise.resolve({ quitting: false })
      setTimeout(() => shell.quit?.(), 0) // answer first, then quit
      return Promise.resolve({ quitting: true })
    },
    'links:open': async ({ url }) => {
      const checked = checkExternalUrl(url)
      if (!shell.openExternal) return { outcome: 'open-in-browser', url: checked }
      return { outcome: (await shell.openExternal(checked)) ? 'opened' : 'cancelled', url: checked }
    },
    'workspace:open': async ({ folder }) => {
      const chosen = folder ?? (shell.pickFolder ? await shell.pickFolder() : null)
      if (chosen === null) return { folder: null, state: await workspace.state() }
      const real = await workspace.open(chosen)
      engines.reset() // settings may have changed since the folder was last read
      return { folder: real, state: await workspace.state() }
    },
    'workspace:recent': () => workspace.state(),
  }
}
