/** Creating discussion files in a folder, and listing the discussions a folder holds. */
import { constants } from 'node:fs'
import type { Dirent } from 'node:fs'
import { open, readdir } from 'node:fs/promises'
import { join } from 'node:path'

import { describeDiscussion } from '../../core/discussion/describe.js'
import { slugify } from '../../core/discussion/create.js'
import { parseDiscussion } from '../../core/format/parse.js'
import { countVotes } from '../../core/voting/consensus.js'
import type { VoteCounts } from '../../core/voting/consensus.js'
import { writeBoundary } from '../files/write-boundary.js'
import { DEFAULT_MAX_DISCUSSION_BYTES, readHead, tooLargeReason } from './discussion-file.js'
import { fileKindOf } from './discussion-kind.js'
import { createDurably, ensureFolderInside } from './durable-write.js'

/**
 * Writes a new discussion as `<slug>.md` in `folder`, never replacing a file; returns its path.
 * The folder is made inside its project (`root` when it lies there, see write-boundary.ts): a
 * `discussions` folder that is a link leading out of the project is refused, naming it.
 */
export async function createDiscussionFile(
  folder: string,
  title: string,
  text: string,
  root?: string | null,
): Promise<string> {
  const boundary = writeBoundary(join(folder, 'new.md'), root)
  await ensureFolderInside(folder, boundary)
  const slug = slugify(title)
  for (let n = 1; ; n++) {
    const path = join(folder, n === 1 ? `${slug}.md` : `${slug}-${n}.md`)
    try {
      await createDurably(path, text, boundary)
      return path
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
}

export interface DiscussionListing {
  path: string
  title: string
  template: string | null
  phase: string | null
  status: string | null
  participants: string[]
  comments: number
  votes: VoteCounts
  /** When the file last changed (ISO 8601). */
  last_activity: string
  /**
   * Set when the discussion is over the size limit: why it is read-only. Its header is read from
   * its first bytes, and its comments and votes are not counted.
   */
  note?: string
}

/** A name a discussion may have: markdown, but not a summary (`.sum.md`) written beside one. */
export const isDiscussionFileName = (name: string): boolean =>
  name.endsWith('.md') && !name.endsWith('.sum.md')

const isDiscussionFile = (entry: Dirent): boolean =>
  entry.isFile() && isDiscussionFileName(entry.name)

/**
 * The discussions of a folder (files whose first line is the discussion marker), most recently
 * active first. One over `maxBytes` is listed from its first bytes, with a note.
 */
export async function listDiscussions(
  folder: string,
  options: { maxBytes?: number } = {},
): Promise<DiscussionListing[]> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_DISCUSSION_BYTES
  const entries = (await readdir(folder, { withFileTypes: true })).filter(isDiscussionFile)
  const listings: DiscussionListing[] = []
  // Read a batch at a time: fast on large folders without exhausting file handles.
  for (let i = 0; i < entries.length; i += 64) {
    const batch = await Promise.all(
      entries.slice(i, i + 64).map((entry) => readListing(join(folder, entry.name), maxBytes)),
    )
    for (const listing of batch) if (listing) listings.push(listing)
  }
  return listings.sort(
    (a, b) => b.last_activity.localeCompare(a.last_activity) || a.path.localeCompare(b.path),
  )
}

/**
 * Opened without following a link at its name, and without waiting on a FIFO: the entry was a
 * plain file when the folder was read, and only one that still is gets read.
 */
const LISTING_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)

async function readListing(path: string, maxBytes: number): Promise<DiscussionListing | null> {
  const handle = await open(path, LISTING_FLAGS).catch(() => null)
  if (!handle) return null // gone, or swapped for a link, since the folder was read
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) return null
    const head = await readHead(handle)
    if (fileKindOf(head) !== 'discussion') return null // plain markdown, not a discussion
    const tooLarge = stats.size > maxBytes
    const parsed = parseDiscussion((tooLarge ? head : await handle.readFile()).toString('utf8'))
    const view = describeDiscussion(parsed)
    return {
      path,
      title: view.title ?? path,
      template: view.template,
      phase: view.phase,
      status: view.status,
      participants: view.participants,
      comments: tooLarge ? 0 : view.comments.length,
      votes: countVotes(tooLarge ? {} : view.votes),
      last_activity: stats.mtime.toISOString(),
      ...(tooLarge ? { note: tooLargeReason(path, stats.size, maxBytes) } : {}),
    }
  } finally {
    await handle.close()
  }
}
