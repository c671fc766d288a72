/**
 * search:*: core's full-text search over an open folder, kept in memory between keystrokes (each
 * file re-read when its stamp changes, see FolderSearch), and inside one discussion.
 */
import { searchSources } from '../core/search/index.js'
import { FolderSearch } from '../node/engine/index.js'
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
        const loaded = await engine.load(inside.path)
        const results = searchSources([{ path: inside.path, text: loaded.text }], query)
        // In the order of the file: a search inside a discussion steps through it with n and N.
        const hits = results.hits.sort((a, b) => a.line - b.line)
        return { ...results, hits: limit ? hits.slice(0, limit) : hits }
      },
    },
  }
}
