/**
 * Each discussion as a resource, `discussion://<path relative to the served folder>`, in
 * markdown: listed a page at a time, and read a page at a time (`?page=2`, each page a run of
 * whole lines), since a long discussion is more than a client takes in one read. Subscribing
 * to one sends `notifications/resources/updated` when its file changes (the store's watcher);
 * a discussion appearing or going away sends `list_changed`.
 */
import { stat } from 'node:fs/promises'
import { dirname } from 'node:path'

import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import type { McpServer, Resource } from '@modelcontextprotocol/server'

import { DiscussionError } from '../core/errors.js'
import { DiscussionWatcher, listDiscussions } from '../node/engine/index.js'
import type { DiscussionListing } from '../node/engine/index.js'
import type { ServedFolder } from './served-folder.js'
import { inWords } from './tool-result.js'

const SCHEME = 'discussion://'
/** Resources a list page names. */
const LIST_PAGE = 100
/** Characters a read page holds at most (about 5,000 tokens), cut at the end of a line. */
export const RESOURCE_PAGE_CHARS = 20_000

export function discussionUri(shown: string): string {
  return `${SCHEME}${shown.split('/').map(encodeURIComponent).join('/')}`
}

/** The path and page a `discussion://` URI names; refused in words when it names none. */
function parseUri(uri: string): { path: string; page: number } {
  if (!uri.startsWith(SCHEME))
    throw new DiscussionError(`${uri}: not a discussion resource; their URIs start with ${SCHEME}.`)
  const [rest = '', query = ''] = uri.slice(SCHEME.length).split('?', 2)
  let path: string
  try {
    path = rest.split('/').map(decodeURIComponent).join('/')
  } catch {
    throw new DiscussionError(`${uri}: the path is not valid percent-encoding.`)
  }
  const pageText = new URLSearchParams(query).get('page') ?? '1'
  const page = Number(pageText)
  if (!Number.isInteger(page) || page < 1)
    throw new DiscussionError(`${uri}: page must be 1 or more.`)
  return { path, page }
}

/** The text cut into pages of whole lines (a line longer than a page is cut where it must be). */
export function pagesOf(text: string, size = RESOURCE_PAGE_CHARS): string[] {
  const pages: string[] = []
  let start = 0
  while (start < text.length) {
    let end = Math.min(text.length, start + size)
    if (end < text.length) {
      const lineEnd = text.lastIndexOf('\n', end - 1)
      if (lineEnd >= start) end = lineEnd + 1
    }
    pages.push(text.slice(start, end))
    start = end
  }
  return pages.length > 0 ? pages : ['']
}

const refused = (error: unknown, root: string): ProtocolError =>
  new ProtocolError(ProtocolErrorCode.InvalidParams, inWords(error, root))

export interface DiscussionResources {
  /** Watches the folder of `file` from now on (a discussion just created in a new folder). */
  follow(file: string): Promise<void>
  close(): void
}

/**
 * Serves the resources on `mcp`. `everyChange`: send an update for every discussion that changes
 * (the 2026 protocol, where the transport keeps only those a client listens to); else only for
 * those subscribed to (the 2025 protocol's resources/subscribe).
 */
export function registerResources(
  mcp: McpServer,
  folder: ServedFolder,
  everyChange: boolean,
): DiscussionResources {
  const server = mcp.server
  const subscribed = new Set<string>()
  const listed = new Set<string>()
  const watcher = new DiscussionWatcher(({ path }) => {
    void changed(path)
  })

  async function changed(path: string): Promise<void> {
    const uri = discussionUri(folder.shown(path))
    const exists = await stat(path).then(
      (stats) => stats.isFile(),
      () => false,
    )
    if (exists !== listed.has(uri)) {
      if (exists) listed.add(uri)
      else listed.delete(uri)
      await server.sendResourceListChanged().catch(() => undefined)
    }
    if (everyChange || subscribed.has(uri))
      await server.sendResourceUpdated({ uri }).catch(() => undefined)
  }

  /** Watches a folder that exists: one watched before it was made would never report. */
  const watch = async (one: string): Promise<void> => {
    if (
      await stat(one).then(
        (stats) => stats.isDirectory(),
        () => false,
      )
    )
      await watcher.watch(one)
  }

  const listings = async (): Promise<DiscussionListing[]> => {
    const all: DiscussionListing[] = []
    for (const one of await folder.listedFolders()) {
      void watch(one)
      all.push(...(await listDiscussions(one).catch(() => [])))
    }
    return all.sort((a, b) => b.last_activity.localeCompare(a.last_activity))
  }

  server.registerCapabilities({ resources: { subscribe: true, listChanged: true } })

  server.setRequestHandler('resources/list', async (request) => {
    const all = await listings()
    for (const listing of all) listed.add(discussionUri(folder.shown(listing.path)))
    const from = Number(request.params?.cursor ?? '0')
    const start = Number.isInteger(from) && from >= 0 ? from : 0
    const resources: Resource[] = all.slice(start, start + LIST_PAGE).map((listing) => {
      const shown = folder.shown(listing.path)
      return {
        uri: discussionUri(shown),
        name: shown,
        title: listing.title.slice(0, 200),
        description: `${listing.status ?? 'no status'}, phase ${listing.phase ?? 'none'}, ${listing.comments} comments; read ?page=2 and on for long ones`,
        mimeType: 'text/markdown',
      }
    })
    return {
      resources,
      ...(start + LIST_PAGE < all.length ? { nextCursor: String(start + LIST_PAGE) } : {}),
    }
  })

  server.setRequestHandler('resources/templates/list', () =>
    Promise.resolve({
      resourceTemplates: [
        {
          uriTemplate: `${SCHEME}{+path}{?page}`,
          name: 'discussion',
          title: 'A discussion, a page at a time',
          description:
            'A discussion file of the served folder in markdown; page 1 unless ?page=N (the contents say how many pages there are).',
          mimeType: 'text/markdown',
        },
      ],
    }),
  )

  server.setRequestHandler('resources/read', async (request) => {
    try {
      const { path, page } = parseUri(request.params.uri)
      const file = await folder.discussion(path)
      void watch(dirname(file))
      const pages = pagesOf((await folder.engine.load(file)).text)
      const text = pages[page - 1]
      if (text === undefined)
        throw new DiscussionError(
          `${request.params.uri}: the discussion has ${pages.length} page(s).`,
        )
      const base = discussionUri(folder.shown(file))
      return {
        contents: [
          {
            uri: request.params.uri,
            mimeType: 'text/markdown',
            text,
            _meta: {
              page,
              pages: pages.length,
              next: page < pages.length ? `${base}?page=${page + 1}` : null,
            },
          },
        ],
      }
    } catch (error) {
      throw refused(error, folder.root)
    }
  })

  server.setRequestHandler('resources/subscribe', async (request) => {
    try {
      const { path } = parseUri(request.params.uri)
      const file = await folder.discussion(path)
      await watch(dirname(file))
      subscribed.add(discussionUri(folder.shown(file)))
      return {}
    } catch (error) {
      throw refused(error, folder.root)
    }
  })

  server.setRequestHandler('resources/unsubscribe', async (request) => {
    try {
      const { path } = parseUri(request.params.uri)
      const { real } = await folder.locate(path)
      subscribed.delete(discussionUri(folder.shown(real)))
      return {}
    } catch (error) {
      throw refused(error, folder.root)
    }
  })

  // The 2026 protocol has no subscribe request: listen to the folders from the start.
  if (everyChange) void listings()

  return {
    follow: (file) => watch(dirname(file)),
    close: () => watcher.close(),
  }
}
