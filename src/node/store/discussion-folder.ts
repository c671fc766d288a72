/** Creating discussion files in a folder, and listing the discussions a folder holds. */
import type { Dirent } from 'node:fs'
import { mkdir, readdir, readFile, realpath, stat } from 'node:fs/promises'
import { join } from 'node:path'

import { describeDiscussion } from '../../core/discussion/describe.js'
import { slugify } from '../../core/discussion/create.js'
import { parseDiscussion } from '../../core/format/parse.js'
import { countVotes } from '../../core/voting/consensus.js'
import type { VoteCounts } from '../../core/voting/consensus.js'
import { createDurably } from './durable-write.js'

/** Writes a new discussion as `<slug>.md` in `folder`, never replacing a file; returns its path. */
export async function createDiscussionFile(
  folder: string,
  title: string,
  text: string,
): Promise<string> {
  await mkdir(folder, { recursive: true })
  const real = await realpath(folder)
  const slug = slugify(title)
  for (let n = 1; ; n++) {
    const path = join(folder, n === 1 ? `${slug}.md` : `${slug}-${n}.md`)
    try {
      await createDurably(path, text, real)
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
}

/** A name a discussion may have: markdown, but not a summary (`.sum.md`) written beside one. */
export const isDiscussionFileName = (name: string): boolean =>
  name.endsWith('.md') && !name.endsWith('.sum.md')

const isDiscussionFile = (entry: Dirent): boolean =>
  entry.isFile() && isDiscussionFileName(entry.name)

/** Markdown files that carry a discussion header, most recently active first. */
export async function listDiscussions(folder: string): Promise<DiscussionListing[]> {
  const entries = (await readdir(folder, { withFileTypes: true })).filter(isDiscussionFile)
  const listings: DiscussionListing[] = []
  // Read a batch at a time: fast on large folders without exhausting file handles.
  for (let i = 0; i < entries.length; i += 64) {
    const batch = await Promise.all(
      entries.slice(i, i + 64).map((entry) => readListing(join(folder, entry.name))),
    )
    for (const listing of batch) if (listing) listings.push(listing)
  }
  return listings.sort(
    (a, b) => b.last_activity.localeCompare(a.last_activity) || a.path.localeCompare(b.path),
  )
}

async function readListing(path: string): Promise<DiscussionListing | null> {
  const [text, stats] = await Promise.all([readFile(path, 'utf8'), stat(path)])
  const parsed = parseDiscussion(text)
  if (parsed.headers.length === 0) return null // plain markdown, not a discussion
  const view = describeDiscussion(parsed)
  return {
    path,
    title: view.title ?? path,
    template: view.template,
    phase: view.phase,
    status: view.status,
    participants: view.participants,
    comments: view.comments.length,
    votes: countVotes(view.votes),
    last_activity: stats.mtime.toISOString(),
  }
}
