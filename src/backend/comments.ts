/** comments:add: what a person writes into a discussion from the app, with an optional vote. */
import type { BackendContext, DomainHandlers } from './infra/context.js'

export function commentsHandlers({
  workspace,
  engines,
}: BackendContext): DomainHandlers<'comments'> {
  return {
    handlers: {
      'comments:add': async ({ path, text, vote, author }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        const signed = author ?? engine.userName
        const { line } = await engine.addComment(inside.path, {
          author: signed,
          text,
          vote: vote ?? null,
        })
        return { line, author: signed }
      },
    },
  }
}
