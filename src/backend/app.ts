/** app:info and app:quit: what the app is, and leaving it. */
import type { BackendContext, DomainHandlers } from './infra/context.js'

export function appHandlers({
  shell,
  workspace,
  engines,
  about,
}: BackendContext): DomainHandlers<'app'> {
  return {
    handlers: {
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
    },
  }
}
