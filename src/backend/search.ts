/**
 * search:*: core's full-text search over an open folder, kept in memory between keystrokes (each
 * file re-read when its stamp changes, see FolderSearch), and inside one discussion.
 */
import { FolderSearch, searchDiscussionFile } from '../node/engine/index.js'
import type { BackendContext, DomainHandlers } from './infra/context.js'

export function searchHandlers({ workspace, engines }: BackendContext): DomainHandlers<'search'> {
  // One kept search per size limit: folders of projects with another limit read files apart.
  const kept = new Map<number, FolderSearch>()
  const keptFor = (maxBytes: number): FolderSearch => {
    let search = kept.get(maxBytes)
    if (!search) kept.set(maxBytes, (search = new FolderSearch(maxBytes)))
    return search
  }
  return {
    handlers: {
      'search:folder': async ({ folder, query, limit }) => {
        const inside = await workspace.resolveFolder(folder)
        const { maxBytes } = (await engines.for(inside.folder)).store
        return keptFor(maxBytes).search(inside.path, query, limit ? { limit } : {})
      },

      'search:discussion': async ({ path, query, limit }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        // The one search of a discussion file `discussions search QUERY FILE` runs too: its hits
        // in the order of the file, which the find bar steps through.
        return searchDiscussionFile(inside.path, query, {
          maxBytes: engine.store.maxBytes,
          ...(limit ? { limit } : {}),
        })
      },
    },
  }
}
