/**
 * The one door to a discussion file, for reading it and for writing to it. The file is opened
 * first and what was opened is proven (see `openInside`): a plain file inside its project, a link
 * on the way followed only while it stays inside. Writing asks more of the opened file:
 * - its first line is `<!-- DISCUSSION -->` (discussion-kind.ts);
 * - it is no larger than the size a discussion may have (default 64 MB, `limits.discussion_mb`):
 *   a larger one is read-only, shown from its first part and never written to;
 * - it has one name: a hard link gives the same file a second name, which may lie anywhere.
 */
import type { FileHandle } from 'node:fs/promises'

import { DiscussionError } from '../../core/errors.js'
import { openInside } from '../files/open-inside.js'
import type { OpenedInside } from '../files/open-inside.js'
import { HEAD_BYTES, requireDiscussionHead } from './discussion-kind.js'

export const MEGABYTE = 1024 * 1024

/** What a discussion may weigh unless the settings say otherwise. */
export const DEFAULT_MAX_DISCUSSION_BYTES = 64 * MEGABYTE

export interface DiscussionDoor {
  /** The folder the file must stay inside (its project, see write-boundary.ts). */
  boundary: string
  /** Bytes a discussion may have to be written, or read whole. */
  maxBytes: number
  /** The name used in messages (default: the path). */
  shown?: string
}

const inMegabytes = (bytes: number | bigint): string =>
  `${(Number(bytes) / MEGABYTE).toFixed(Number(bytes) < 10 * MEGABYTE ? 1 : 0)} MB`

/** Why a discussion over the size limit is read-only, in one sentence. */
export function tooLargeReason(shown: string, size: number | bigint, maxBytes: number): string {
  return `${shown} is ${inMegabytes(size)}, more than the ${inMegabytes(maxBytes)} a discussion may have, so it is read-only: only its first ${inMegabytes(maxBytes)} are shown and nothing is written to it. Continue in a new discussion, or raise limits.discussion_mb in discussions.yaml.`
}

export class DiscussionTooLargeError extends DiscussionError {}

/** The file's first bytes (fewer when it is shorter). */
export async function readHead(handle: FileHandle): Promise<Buffer> {
  const buffer = Buffer.alloc(HEAD_BYTES)
  const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0)
  return buffer.subarray(0, bytesRead)
}

/**
 * Opens the discussion at `path` to read it, or to append to it (read and write, so its head and
 * tail can be read through the same descriptor). The caller closes the handle.
 */
export async function openDiscussion(
  path: string,
  purpose: 'read' | 'append',
  door: DiscussionDoor,
): Promise<OpenedInside> {
  const shown = door.shown ?? path
  const opened = await openInside(path, purpose, door.boundary, { shown })
  if (purpose === 'read') return opened
  try {
    requireDiscussionHead(await readHead(opened.handle), shown)
    if (opened.stats.size > BigInt(door.maxBytes))
      throw new DiscussionTooLargeError(tooLargeReason(shown, opened.stats.size, door.maxBytes))
    if (opened.stats.nlink > 1n)
      throw new DiscussionError(
        `${shown} has ${opened.stats.nlink} names (hard links), and another of them may lie outside the project; nothing was written. Give it a file of its own: cp ${shown} copy.md && mv copy.md ${shown}`,
      )
    return opened
  } catch (error) {
    await opened.handle.close()
    throw error
  }
}
