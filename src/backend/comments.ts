/** comments:add and phases:advance: what a person writes into a discussion from the app. */
import type { Engines } from './infra/engines.js'
import type { Handlers } from './infra/router.js'
import type { Workspace } from '../node/engine/index.js'

type CommentHandlers = Pick<Handlers, 'comments:add' | 'phases:advance'>

export function commentsHandlers(workspace: Workspace, engines: Engines): CommentHandlers {
  return {
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

    'phases:advance': async ({ path, to }) => {
      const inside = await workspace.resolveInside(path)
      const engine = await engines.for(inside.folder)
      return engine.advance(inside.path, to)
    },
  }
}
