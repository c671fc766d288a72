/** workspace:open and workspace:recent: the folders the person opened, and those opened before. */
import type { BackendContext, DomainHandlers } from './infra/context.js'

export function workspaceHandlers({
  shell,
  workspace,
  engines,
}: BackendContext): DomainHandlers<'workspace'> {
  return {
    handlers: {
      'workspace:open': async ({ folder }) => {
        const chosen = folder ?? (shell.pickFolder ? await shell.pickFolder() : null)
        if (chosen === null) return { folder: null, state: await workspace.state() }
        const real = await workspace.open(chosen)
        engines.reset() // settings may have changed since the folder was last read
        return { folder: real, state: await workspace.state() }
      },
      'workspace:recent': () => workspace.state(),
    },
  }
}
