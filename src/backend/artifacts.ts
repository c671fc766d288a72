/**
 * artifacts:launch: the configured artifact editor, run where the backend runs. Without one, or
 * without a display to show it on (browser mode over SSH), the answer is `fallback` and the page
 * opens its built-in editor instead.
 */
import type { BackendContext, DomainHandlers } from './infra/context.js'

export function artifactsHandlers({
  workspace,
  engines,
}: BackendContext): DomainHandlers<'artifacts'> {
  return {
    handlers: {
      'artifacts:launch': async ({ path }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        const made = await engine.newArtifact({ file: inside.path, roots: workspace.folders })
        switch (made.kind) {
          case 'saved':
            return { outcome: 'saved', ref: made.ref, message: `Saved ${made.ref}.` }
          case 'fallback':
            return {
              outcome: 'fallback',
              ref: null,
              message:
                made.reason === 'no-display'
                  ? 'No display for the artifact editor here; using the built-in editor.'
                  : made.message,
            }
          default:
            return { outcome: made.kind, ref: null, message: made.message }
        }
      },
    },
  }
}
