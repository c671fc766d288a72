/**
 * Keeps, per discussion file, the tail state an append needs (see core's `tail.ts`) in the state
 * folder, so that an append to a file nobody else touched reads nothing of it, even from a fresh
 * CLI process. A cache may make an append fast, never wrong: the tail is used only when the file
 * is provably the one it was recorded for, right after our own write:
 * - the same device and inode (not a file an editor saved in its place);
 * - the same size (nothing added or cut);
 * - the same ctime, to the nanosecond: every change of a file's bytes sets it to now, and unlike
 *   the mtime no tool can set it back (`touch -r` restores an mtime, and an edit that opened a code
 *   fence further back went unseen by a check of size, mtime and the last bytes).
 * Anything else, a grown file included, is read again from the start, and the entry that failed
 * is dropped. What is left is a change made within the same tick of the kernel's clock as our own
 * write and of the very same size: Linux since 6.13 then stamps the change with a finer time,
 * since our write's ctime was read in that tick.
 */
import { readSync } from 'node:fs'
import type { BigIntStats } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'

import { advanceTail, EMPTY_TAIL } from '../../core/format/tail.js'
import type { FileTail, TailSegment } from '../../core/format/tail.js'
import { replaceDurably } from './durable-write.js'
import { PRIVATE_FILE_MODE } from './private-state.js'

/** What identifies the file the tail was recorded for; bigints kept as decimal strings. */
interface FileIdentity {
  dev: string
  ino: string
  size: string
  ctimeNs: string
}

interface CachedTail extends FileIdentity {
  tail: FileTail
}

const identityOf = (stats: BigIntStats): FileIdentity => ({
  dev: stats.dev.toString(),
  ino: stats.ino.toString(),
  size: stats.size.toString(),
  ctimeNs: stats.ctimeNs.toString(),
})

const SEGMENTS: readonly TailSegment[] = ['preamble', 'blank', 'comment', 'content']

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

/** The entry, when it has exactly the shape this module writes; anything else is not ours. */
function asCachedTail(value: unknown): CachedTail | null {
  const entry = value as Partial<CachedTail> | null
  const tail = entry?.tail as Partial<FileTail> | undefined
  const fence = tail?.fence as { char?: unknown; length?: unknown } | null | undefined
  const identity = [entry?.dev, entry?.ino, entry?.size, entry?.ctimeNs]
  const valid =
    identity.every((part) => typeof part === 'string' && /^\d+$/.test(part)) &&
    typeof tail?.partial === 'string' &&
    isCount(tail.lines) &&
    isCount(tail.segmentLine) &&
    SEGMENTS.includes(tail.segment as TailSegment) &&
    (fence === null || ((fence?.char === '`' || fence?.char === '~') && isCount(fence.length)))
  return valid ? (entry as CachedTail) : null
}

const proves = (entry: CachedTail, stats: BigIntStats): boolean => {
  const now = identityOf(stats)
  return (
    entry.dev === now.dev &&
    entry.ino === now.ino &&
    entry.size === now.size &&
    entry.ctimeNs === now.ctimeNs
  )
}

/**
 * Small enough that each chunk's text (and the lines sliced from it) is young garbage the next
 * scavenge frees: strings of a megabyte or more go straight to V8's large-object space, which only
 * a full collection frees, so 1 MB chunks grew a first append on 10 MB by about 40 MB.
 */
const SCAN_CHUNK = 64 * 1024

const NEWLINE = 0x0a

/**
 * The tail of the whole file: one pass in chunks, so memory stays flat on any size. The chunks are
 * read synchronously: each is a copy from the page cache, and a round trip through the thread
 * pool per 64 KB cost more than the copy (a 10 MB file took about twice as long); the pass holds
 * the event loop for some milliseconds on 10 MB.
 * Each chunk is decoded up to its last newline and the rest is kept for the next read: a newline
 * byte is never part of a longer UTF-8 character, so no character is cut, and the text handed on
 * is never joined to a piece of the chunk before it (which copied every chunk again). A line
 * longer than the buffer grows it.
 */
function scanTail(handle: FileHandle, size: number): FileTail {
  let buffer = Buffer.allocUnsafe(SCAN_CHUNK)
  let tail = EMPTY_TAIL
  let kept = 0 // bytes of an unfinished line, at the buffer's start
  for (let position = 0; position < size;) {
    if (kept === buffer.length) buffer = Buffer.concat([buffer], buffer.length * 2)
    const room = Math.min(buffer.length - kept, size - position)
    const bytesRead = readSync(handle.fd, buffer, kept, room, position)
    if (bytesRead === 0) break
    position += bytesRead
    const filled = kept + bytesRead
    const lastNewline = buffer.lastIndexOf(NEWLINE, filled - 1)
    if (lastNewline === -1) {
      kept = filled
      continue
    }
    tail = advanceTail(tail, buffer.toString('utf8', 0, lastNewline + 1))
    kept = buffer.copy(buffer, 0, lastNewline + 1, filled)
  }
  return advanceTail(tail, buffer.toString('utf8', 0, kept))
}

async function loadCached(cacheFile: string): Promise<CachedTail | 'none' | 'unusable'> {
  let text: string
  try {
    text = await readFile(cacheFile, 'utf8')
  } catch {
    return 'none' // none yet (or unreadable: the write after the append replaces it)
  }
  try {
    return asCachedTail(JSON.parse(text)) ?? 'unusable'
  } catch {
    return 'unusable'
  }
}

/**
 * The tail of the file open as `handle`, whose stats (from the descriptor, taken under the lock)
 * are `stats`: the cached one when it proves the file is the one it was recorded for, else read
 * from the start; an entry that fails is removed.
 */
export async function currentTail(
  handle: FileHandle,
  stats: BigIntStats,
  cacheFile: string,
): Promise<FileTail> {
  const cached = await loadCached(cacheFile)
  if (typeof cached === 'object' && proves(cached, stats)) return cached.tail
  if (cached !== 'none') await rm(cacheFile, { force: true })
  return scanTail(handle, Number(stats.size))
}

/** Records the tail after our own write; `stats` are the file's, from its descriptor, after it. */
export async function saveTail(
  cacheFile: string,
  stats: BigIntStats,
  tail: FileTail,
): Promise<void> {
  const record: CachedTail = { ...identityOf(stats), tail }
  await replaceDurably(cacheFile, JSON.stringify(record), dirname(cacheFile), {
    sync: false,
    mode: PRIVATE_FILE_MODE,
  })
}
