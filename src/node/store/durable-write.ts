/**
 * Every write of the project goes through here: it reports success only once the bytes are on
 * disk, and it never writes through a link or outside the folder it belongs to (`within`, compared
 * on real paths; see `confinedTarget`).
 * - `appendDurably`: one write() of the whole text to a file opened for append (O_NOFOLLOW where
 *   the platform has it), then fdatasync. O_APPEND puts every write at the current end, so a
 *   concurrent edit is never overwritten.
 * - `replaceDurably`: whole-file replacement through a temp file, fsync, rename, then an fsync of
 *   the folder so the rename itself survives a power cut (write-file-atomic does all but the last).
 *   With `sync: false` (our own caches) only the temp file and the rename.
 *   The rename replaces the name itself, so a link put there after the check is replaced, not
 *   followed.
 * - `createDurably`: a new file, never replacing one (O_EXCL fails on any existing name, links
 *   included).
 */
import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { open, rename, rm, writeFile } from 'node:fs/promises'
import type { Stats } from 'node:fs'
import { dirname } from 'node:path'

import { confinedTarget } from '../files/write-target.js'
import type { WriteRoots } from '../files/write-target.js'
import { explainWriteError } from './write-access.js'
import { HOST_PLATFORM } from '../host.js'

export type { WriteRoots } from '../files/write-target.js'
export { ensureFolderInside, UnsafeWriteError } from '../files/write-target.js'

/** 0 where the platform has no O_NOFOLLOW (Windows); the check before the open still runs. */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0

export interface WriteOptions {
  /** Wait for the bytes to reach the disk (default true); caches and journals may skip it. */
  sync?: boolean
}

export async function appendDurably(
  path: string,
  text: string,
  within: WriteRoots,
  options: WriteOptions = {},
): Promise<Stats> {
  const target = await confinedTarget(path, within)
  const handle = await open(target, constants.O_WRONLY | constants.O_APPEND | NO_FOLLOW)
  try {
    const bytes = Buffer.from(text, 'utf8')
    let written = 0
    while (written < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, written, bytes.length - written)
      written += bytesWritten
    }
    if (options.sync !== false) await handle.datasync()
    return await handle.stat()
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
  const target = await confinedTarget(path, within)
  const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW
  const handle = await open(target, flags, 0o600)
  try {
    await handle.write(text)
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

export async function replaceDurably(
  path: string,
  text: string | Buffer,
  within: WriteRoots,
  options: WriteOptions = {},
): Promise<void> {
  const target = await confinedTarget(path, within)
  const sync = options.sync !== false
  try {
    if (sync) {
      // Imported when first needed: most commands never replace a file durably, and loading it
      // (with the worker_threads module it asks for) cost every command about a millisecond.
      const { default: writeFileAtomic } = await import('write-file-atomic')
      await writeFileAtomic(target, text, { fsync: true })
    } else await replaceUnsynced(target, text)
  } catch (error) {
    // The temp file's name (`d.sum.md.1862225419`) means nothing to a user; name the target.
    throw explainWriteError(error, path)
  }
  if (sync) await fsyncFolder(dirname(target))
}

/**
 * A replace that need not survive a power cut: the caches and lists in our own state folder,
 * rewritten on every append. A new file under a name of its own (O_EXCL: never through a link),
 * then a rename; none of write-file-atomic's sync, owner and mode steps, which made it about ten
 * file operations instead of two.
 */
async function replaceUnsynced(target: string, text: string | Buffer): Promise<void> {
  const temporary = `${target}.${randomBytes(6).toString('hex')}`
  try {
    await writeFile(temporary, text, { flag: 'wx' })
    await rename(temporary, target)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

/** Creates a new file (never replacing one) durably; fails with EEXIST when the name is taken. */
export async function createDurably(
  path: string,
  text: string,
  within: WriteRoots,
  options: WriteOptions = {},
): Promise<void> {
  const target = await confinedTarget(path, within, { exclusive: true })
  const sync = options.sync !== false
  const handle = await open(target, 'wx')
  try {
    await handle.writeFile(text, 'utf8')
    if (sync) await handle.sync()
  } finally {
    await handle.close()
  }
  if (sync) await fsyncFolder(dirname(target))
}
