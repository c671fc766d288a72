/**
 * Keeps, per discussion file, the tail state an append needs (see core's `tail.ts`) in the state
 * folder, with the file size, mtime, inode and a hash of its last bytes. A writer that finds the
 * file as cached reads nothing; one that finds it grown reads only the new bytes; anything else
 * (an editor's rewrite, a truncation) costs one full read. So an append costs the same on a 10 KB
 * and a 10 MB file, even from a fresh CLI process.
 */
import { createHash } from 'node:crypto'
import { readSync } from 'node:fs'
import type { Stats } from 'node:fs'
import { open, readFile } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'

import { advanceTail, EMPTY_TAIL } from '../../core/format/tail.js'
import type { FileTail } from '../../core/format/tail.js'
import { replaceDurably } from './durable-write.js'
import { countNewlineBytes } from './newline-count.js'

const HASHED_BYTES = 4096

interface CachedTail {
  size: number
  mtimeMs: number
  ino: number
  tailHash: string
  tail: FileTail
}

async function readRange(handle: FileHandle, start: number, end: number): Promise<Buffer> {
  const buffer = Buffer.alloc(Math.max(0, end - start))
  let offset = 0
  while (offset < buffer.length) {
    const { bytesRead } = await handle.read(buffer, offset, buffer.length - offset, start + offset)
    if (bytesRead === 0) break
    offset += bytesRead
  }
  return buffer.subarray(0, offset)
}

async function hashBefore(handle: FileHandle, end: number): Promise<string> {
  const bytes = await readRange(handle, Math.max(0, end - HASHED_BYTES), end)
  return createHash('sha256').update(bytes).digest('hex')
}

/**
 * Small enough that each chunk's text (and the lines sliced from it) is young garbage the next
 * scavenge frees: strings of a megabyte or more go straight to V8's large-object space, which only
 * a full collection frees, so 1 MB chunks grew a first append on 10 MB by about 40 MB.
 */
const SCAN_CHUNK = 64 * 1024

/**
 * The tail of a file nothing is cached for: one pass in chunks, so memory stays flat on any size.
 * The chunks are read synchronously: each is a copy from the page cache, and a round trip through
 * the thread pool per 64 KB cost more than the copy (a 10 MB file took about twice as long); the
 * pass holds the event loop for some milliseconds on 10 MB, once per file.
 * Each chunk is decoded up to its last newline and the rest is kept for the next read: a newline
 * byte is never part of a longer UTF-8 character, so no character is cut, and the text handed on
 * is never joined to a piece of the chunk before it (which copied every chunk again). A line
 * longer than the buffer grows it. Its lines are counted on the bytes (newline-count.ts).
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
    const lines = buffer.subarray(0, lastNewline + 1)
    tail = advanceTail(tail, lines.toString('utf8'), countNewlineBytes(lines))
    kept = buffer.copy(buffer, 0, lastNewline + 1, filled)
  }
  return advanceTail(tail, buffer.toString('utf8', 0, kept))
}

const NEWLINE = 0x0a

const isContinuationByte = (byte: number | undefined): boolean =>
  byte !== undefined && (byte & 0xc0) === 0x80

async function loadCached(cacheFile: string): Promise<CachedTail | null> {
  try {
    return JSON.parse(await readFile(cacheFile, 'utf8')) as CachedTail
  } catch {
    return null // none yet, or unreadable: a full read rebuilds it
  }
}

/** The file's tail state, reading as little of it as the cache allows. */
export async function currentTail(path: string, cacheFile: string): Promise<FileTail> {
  const handle = await open(path, 'r')
  try {
    const stats = await handle.stat()
    const cached = await loadCached(cacheFile)
    if (cached && cached.ino === stats.ino && stats.size >= cached.size) {
      if ((await hashBefore(handle, cached.size)) === cached.tailHash) {
        if (stats.size === cached.size && stats.mtimeMs === cached.mtimeMs) return cached.tail
        if (stats.size === cached.size)
          return advanceTail(EMPTY_TAIL, (await readRange(handle, 0, stats.size)).toString('utf8'))
        const added = await readRange(handle, cached.size, stats.size)
        if (!isContinuationByte(added[0])) return advanceTail(cached.tail, added.toString('utf8'))
      }
    }
    return scanTail(handle, stats.size)
  } finally {
    await handle.close()
  }
}

/** Records the tail after our own write, described by the stats the write returned. */
export async function saveTail(
  path: string,
  cacheFile: string,
  stats: Stats,
  tail: FileTail,
): Promise<void> {
  const handle = await open(path, 'r')
  let tailHash: string
  try {
    tailHash = await hashBefore(handle, stats.size)
  } finally {
    await handle.close()
  }
  const record: CachedTail = {
    size: stats.size,
    mtimeMs: stats.mtimeMs,
    ino: stats.ino,
    tailHash,
    tail,
  }
  await replaceDurably(cacheFile, JSON.stringify(record), dirname(cacheFile), { sync: false })
}
