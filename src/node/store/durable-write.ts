/**
 * Every write of the project goes through here: it reports success only once the bytes are on
 * disk, and it never writes outside the folder it belongs to (`within`): each file is opened first
 * and what was opened is proven inside before a byte is written (`openInside`). A link that stays
 * inside is followed; one that leads out is refused, naming it.
 * - `appendDurably`: one write() of the whole text to a file opened for append, then fdatasync.
 *   O_APPEND puts every write at the current end, so a concurrent edit is never overwritten.
 * - `replaceDurably`: whole-file replacement through a temp file made beside the target (O_EXCL,
 *   proven inside, in the target's own folder), fsync, rename, then an fsync of the folder so the
 *   rename itself survives a power cut. The temp file is proven again once renamed. With
 *   `sync: false` (our own caches) no fsync at all.
 * - `createDurably`: a new file, never replacing one (O_EXCL fails on any existing name, links
 *   included).
 * write-file-atomic does the replace much as here, but opens its temp file by name without
 * O_EXCL and keeps the descriptor to itself, so what it opened cannot be proven.
 */
import { randomBytes } from 'node:crypto'
import type { BigIntStats } from 'node:fs'
import { open, realpath, rename, stat, unlink } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'

import { descriptorPath } from '../files/descriptor-path.js'
import { isInside, realFolders } from '../files/is-inside.js'
import { openInside } from '../files/open-inside.js'
import { requirePlainFile } from '../files/plain-file.js'
import { outsideRefusal, rootsOf } from '../files/write-target.js'
import type { WriteRoots } from '../files/write-target.js'
import { HOST_PLATFORM } from '../host.js'
import { explainWriteError } from './write-access.js'

export type { WriteRoots } from '../files/write-target.js'
export { UnsafeWriteError } from '../files/write-target.js'
export { ensureFolderInside } from '../files/folder-inside.js'

export interface WriteOptions {
  /** Wait for the bytes to reach the disk (default true); caches and journals may skip it. */
  sync?: boolean
  /** Permission bits of a file the write creates (default 0o666, less the umask). */
  mode?: number
}

/** Writes all of `bytes` at the descriptor's position (the end, for a file opened to append). */
export async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let written = 0
  while (written < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.length - written)
    written += bytesWritten
  }
}

export async function appendDurably(
  path: string,
  text: string,
  within: WriteRoots,
  options: WriteOptions = {},
): Promise<BigIntStats> {
  const { handle } = await openInside(path, 'append', within)
  try {
    await writeAll(handle, Buffer.from(text, 'utf8'))
    if (options.sync !== false) await handle.datasync()
    return await handle.stat({ bigint: true })
  } finally {
    await handle.close()
  }
}

/** Like `appendDurably`, creating the file when it is missing (for logs and journals). */
export async function appendOrCreate(
  path: string,
  text: string,
  within: WriteRoots,
  options: WriteOptions = {},
): Promise<void> {
  const mode = options.mode ?? 0o600
  const { handle, stats } = await openInside(path, 'append-or-create', within, { mode })
  try {
    // One made by an earlier version with looser permissions is made as asked.
    if ((Number(stats.mode) & 0o777) !== mode) await handle.chmod(mode)
    await writeAll(handle, Buffer.from(text, 'utf8'))
    if (options.sync !== false) await handle.datasync()
  } finally {
    await handle.close()
  }
}

export async function fsyncFolder(folder: string): Promise<void> {
  if (HOST_PLATFORM === 'win32') return // folders cannot be opened for fsync there
  const handle = await open(folder, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** The real path `path` is to be replaced at: where it leads, or its folder's and its name. */
async function replacementTarget(absolute: string): Promise<string> {
  try {
    return await realpath(absolute)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    return join(await realpath(dirname(absolute)), basename(absolute))
  }
}

/**
 * Replaces `path` whole (see the top of this file); returns the new file's stats, taken once it
 * has the name.
 */
export async function replaceDurably(
  path: string,
  text: string | Buffer,
  within: WriteRoots,
  options: WriteOptions = {},
): Promise<BigIntStats> {
  const sync = options.sync !== false
  const absolute = resolve(path)
  const roots = await realFolders(rootsOf(within))
  const inside = (real: string): boolean => roots.some((root) => isInside(root, real))
  let temporary: string | null = null
  try {
    const target = await replacementTarget(absolute)
    if (!inside(target)) throw await outsideRefusal(path, within)
    const existing = await stat(target).catch(() => null)
    if (existing) requirePlainFile(path, existing)
    const folder = dirname(target)
    const name = join(folder, `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`)
    const mode = options.mode ?? (existing ? existing.mode & 0o7777 : 0o666)
    const { handle, real } = await openInside(name, 'create', within, { mode, shown: path })
    temporary = real
    try {
      // Beside the target, not merely inside: a rename never moves a file to another folder.
      if (dirname(real) !== folder) throw await outsideRefusal(path, within)
      await writeAll(handle, typeof text === 'string' ? Buffer.from(text, 'utf8') : text)
      if (existing) await handle.chmod(mode) // as it was (or as asked), whatever the umask
      if (sync) await handle.sync()
      await rename(real, target)
      temporary = null
      // Proven again where the rename put it: a folder swapped for a link meanwhile would have
      // taken the file along; it is removed from there, and the write reported as refused.
      const stats = await handle.stat({ bigint: true })
      const landed = await descriptorPath(handle, stats, target)
      if (landed !== null && !inside(landed)) {
        await unlink(landed).catch(() => undefined)
        throw await outsideRefusal(path, within)
      }
      if (sync) await fsyncFolder(folder)
      return stats
    } finally {
      await handle.close()
    }
  } catch (error) {
    if (temporary !== null) await unlink(temporary).catch(() => undefined)
    // A temp file's name means nothing to a user; name the target.
    throw explainWriteError(error, path)
  }
}

/** Creates a new file (never replacing one) durably; fails with EEXIST when the name is taken. */
export async function createDurably(
  path: string,
  text: string,
  within: WriteRoots,
  options: WriteOptions = {},
): Promise<void> {
  const sync = options.sync !== false
  const { handle, real } = await openInside(path, 'create', within, {
    ...(options.mode !== undefined ? { mode: options.mode } : {}),
  })
  try {
    await writeAll(handle, Buffer.from(text, 'utf8'))
    if (sync) await handle.sync()
  } finally {
    await handle.close()
  }
  if (sync) await fsyncFolder(dirname(real))
}
