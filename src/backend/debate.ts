/** debates:read and debates:decide: the debate view's data and the human's decision. */
import { summarizeDebate } from '../core/debate/summary.js'
import type { Engines } from './engines.js'
import type { Handlers } from './router.js'
import type { Workspace } from './workspace.js'

type DebateHandlers = Pick<Handlers, 'debates:read' | 'debates:decide'>

export function debateHandlers(workspace: Workspace, engines: Engines): DebateHandlers {
  return {
    'debates:read': async ({ path }) => {
      const inside = await workspace.resolveInside(path)
      const engine = await engines.for(inside.folder)
      return summarizeDebate((await engine.readDebate(inside.path)).state)
    },

    'debates:decide': async ({ path, accept, reason }) => {
      const inside = await workspace.resolveInside(path)
      const engine = await engines.for(inside.folder)
      return engine.decideDebate(
        inside.path,
        accept !== undefined ? { accept } : { reject: true },
        reason !== undefined ? { reason } : {},
      )
    },
  }
}
