/** discussions:list, discussions:read, discussions:create. */
import { listDiscussions } from '../node/engine/index.js'
import type { DiscussionSummary } from '../shared/contract/index.js'
import { discussionDetail } from './discussion-detail.js'
import type { BackendContext, DomainHandlers } from './infra/context.js'
import { BackendError } from './infra/errors.js'

export function discussionsHandlers({
  workspace,
  engines,
}: BackendContext): DomainHandlers<'discussions'> {
  return {
    handlers: {
      'discussions:list': async ({ folder }) => {
        const inside = await workspace.resolveFolder(folder)
        const { maxBytes } = (await engines.for(inside.folder)).store
        const listings = await listDiscussions(inside.path, { maxBytes })
        return listings.map((listing): DiscussionSummary => ({
          path: listing.path,
          title: listing.title,
          template: listing.template,
          phase: listing.phase,
          status: listing.status,
          participants: listing.participants,
          comments: listing.comments,
          votes: listing.votes,
          lastActivity: listing.last_activity,
          ...(listing.note !== undefined ? { note: listing.note } : {}),
        }))
      },

      'discussions:read': async ({ path }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        const loaded = await engine.load(inside.path)
        if (loaded.parsed.headers.length === 0 && loaded.parsed.comments.length === 0)
          throw new BackendError(`${path}: is not a discussion (it has no discussion header).`)
        return discussionDetail(engine, loaded)
      },

      'discussions:create': async ({ folder, title, template, participants, context }) => {
        const inside = await workspace.resolveFolder(folder)
        const engine = await engines.for(inside.folder)
        const path = await engine.create({
          title,
          template,
          participants: participants?.map((alias) => alias.replace(/^@/, '')),
          context,
          dir: inside.path,
        })
        return { path }
      },
    },
  }
}
