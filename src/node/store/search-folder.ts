/**
 * Full-text search over the discussions of a folder, on core's search. Two ways in, one ranking:
 * `searchFolder` reads the files and lets core parse only those holding every word (a cold CLI
 * run); `FolderSearch` keeps each file cut into units in memory between queries (the app answers
 * every keystroke), and re-reads a file unless its device, inode, size, modification and change
 * times all match the ones of the descriptor it was read through.
 */
import { constants } from 'node:fs'
import type { BigIntStats } from 'node:fs'
import { lstat, open, readdir } from 'node:fs/promises'
import { join } from 'node:path'

import { searchableDiscussion, searchDiscussions, searchSources } from '../../core/search/index.js'
import type {
  SearchableDiscussion,
  SearchOptions,
  SearchResults,
  SearchSource,
} from '../../core/search/index.js'
import { DEFAULT_MAX_DISCUSSION_BYTES } from './discussion-file.js'
import { isDiscussionFileName } from './discussion-folder.js'
import { fileKindOf, HEAD_BYTES } from './discussion-kind.js'

/** Without following a link at its name, and without waiting on a FIFO, as the listing reads. */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)
const BATCH = 64

interface ReadDiscussion extends SearchSource {
  stamp: string
}

const stampOf = (stats: BigIntStats): string =>
  [stats.dev, stats.ino, stats.size, stats.mtimeNs, stats.ctimeNs].join(':')

/** The discussion file names of `folder`, sorted so every face searches them in one order. */
async function discussionPaths(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && isDiscussionFileName(entry.name))
    .map((entry) => join(folder, entry.name))
    .sort()
}

/**
 * A discussion's text (its first `maxBytes` when larger, as the app shows it) with the stamp of
 * the file it was read from, or null when the file is gone, is no longer a plain file, or is not
 * a discussion.
 */
async function readDiscussion(path: string, maxBytes: number): Promise<ReadDiscussion | null> {
  const handle = await open(path, READ_FLAGS).catch(() => null)
  if (!handle) return null
  try {
    const stats = await handle.stat({ bigint: true })
    if (!stats.isFile()) return null
    const stamp = stampOf(stats)
    const length = Number(stats.size < BigInt(maxBytes) ? stats.size : BigInt(maxBytes))
    const buffer = Buffer.alloc(length)
    const { bytesRead } = await handle.read(buffer, 0, length, 0)
    const bytes = buffer.subarray(0, bytesRead)
    if (fileKindOf(bytes.subarray(0, HEAD_BYTES)) !== 'discussion') return null
    return { path, text: bytes.toString('utf8'), stamp }
  } finally {
    await handle.close()
  }
}

async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  // A batch at a time: fast on large folders without exhausting file handles.
  for (let i = 0; i < items.length; i += BATCH)
    results.push(...(await Promise.all(items.slice(i, i + BATCH).map(work))))
  return results
}

export interface FolderSearchOptions extends SearchOptions {
  maxBytes?: number
}

/** Searches the discussions of `folder` once, reading each file and parsing only candidates. */
export async function searchFolder(
  folder: string,
  query: string,
  options: FolderSearchOptions = {},
): Promise<SearchResults> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_DISCUSSION_BYTES
  const read = await inBatches(await discussionPaths(folder), (path) =>
    readDiscussion(path, maxBytes),
  )
  return searchSources(
    read.filter((source): source is ReadDiscussion => source !== null),
    query,
    options,
  )
}

/**
 * Searches one discussion file, read as the folder's search reads each of its files; its hits in
 * the order of the file (a search inside a discussion steps through it from the top).
 */
export async function searchDiscussionFile(
  path: string,
  query: string,
  options: FolderSearchOptions = {},
): Promise<SearchResults> {
  const read = await readDiscussion(path, options.maxBytes ?? DEFAULT_MAX_DISCUSSION_BYTES)
  if (!read) throw new NotADiscussionFileError(path)
  const results = searchSources([read], query)
  const hits = results.hits.sort((a, b) => a.line - b.line)
  return { ...results, hits: options.limit ? hits.slice(0, options.limit) : hits }
}

/** `searchDiscussionFile` was given a file that is not a discussion (or not a plain file). */
export class NotADiscussionFileError extends Error {
  constructor(readonly path: string) {
    super(`${path}: not a discussion file`)
  }
}

/** Searches folders again and again, keeping each discussion's units while its file is unchanged. */
export class FolderSearch {
  private readonly held = new Map<string, { stamp: string; discussion: SearchableDiscussion }>()

  constructor(private readonly maxBytes = DEFAULT_MAX_DISCUSSION_BYTES) {}

  async search(folder: string, query: string, options: SearchOptions = {}): Promise<SearchResults> {
    const paths = await discussionPaths(folder)
    const discussions = await inBatches(paths, async (path) => {
      const kept = this.held.get(path)
      // The name's own stamp first (a link is no plain file): an unchanged file is not opened.
      const named = await lstat(path, { bigint: true }).catch(() => null)
      if (kept && named?.isFile() && stampOf(named) === kept.stamp) return kept.discussion
      const read = named?.isFile() ? await readDiscussion(path, this.maxBytes) : null
      if (!read) {
        this.held.delete(path)
        return null
      }
      const discussion = searchableDiscussion(path, read.text)
      this.held.set(path, { stamp: read.stamp, discussion })
      return discussion
    })
    return searchDiscussions(
      discussions.filter((d): d is SearchableDiscussion => d !== null),
      query,
      options,
    )
  }
}
