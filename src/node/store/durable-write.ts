/**
 * Writes that report success only once the bytes are on disk.
 * - `appendDurably`: one write() of the whole text to a file opened for append, then fdatasync.
 *   O_APPEND puts every write at the current end, so a concurrent edit is never overwritten.
 * - `replaceDurably`: whole-file replacement through a temp file, fsync, rename, then an fsync of
 *   the folder so the rename itself survives a power cut (write-file-atomic does all but the last).
 */
import { constants } from 'node:fs'
import { open } from 'node:fs/promises'
import type { Stats } from 'node:fs'
import { dirname } from 'node:path'

import writeFileAtomic from 'write-file-atomic'

import { explainWriteError } from './write-access.js'

export async function appendDurably(path: string, text: string): Promise<Stats> {
  const handle = await open(path, constants.O_WRONLY | constants.O_APPEND)
  try {
    const bytes = Buffer.from(text, 'utf8')
    let written = 0
    while (written < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, written, bytes.length - written)
      written += bytesWritten
    }
    await handle.datasync()
    return await handle.stat()
  } finally {
    await handle.close()
  }
}

export async function fsyncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return // folders cannot be opened for fsync there
  const handle = await open(folder, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export async function replaceDurably(path: string, text: string): Promise<void> {
  try {
    await writeFileAtomic(path, text, { fsync: true })
  } catch (error) {
    // write-file-atomic's errors name its temp file (`d.sum.md.1862225419`); name the target.
    throw explainWriteError(error, path)
  }
  await fsyncFolder(dirname(path))
}

/** Creates a new file (never replacing one) durably; fails with EEXIST when the name is taken. */
export async function createDurably(path: string, text: string): Promise<void> {
  const handle = await open(path, 'wx')
  try {
    await handle.writeFile(text, 'utf8')
    await handle.sync()
  } finally {
    await handle.close()
  }
  await fsyncFolder(dirname(path))
}
