/** phases:advance: a person moves a discussion to the next phase, or to a named one. */
import type { BackendContext, DomainHandlers } from './infra/context.js'

export function phasesHandlers({ workspace, engines }: BackendContext): DomainHandlers<'phases'> {
  return {
    handlers: {
      'phases:advance': async ({ path, to }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        return engine.advance(inside.path, to)
      },
    },
  }
}
