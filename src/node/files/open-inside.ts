/**
 * Opening a file so that what was opened is proven, not assumed. A check of a name and the open
 * of that name are two moments, and a name can be swapped for a link in between (a process
 * swapping a discussion between a file and a link to ~/.bashrc won that race dozens of times in a
 * thousand). So:
 * 1. the name is resolved to its real path, which must lie inside the folder (else refused, with
 *    the link that leads out named), and must be a plain file (a FIFO or device is never opened);
 * 2. that real path is opened with O_NOFOLLOW (a link put there since fails with ELOOP, and the
 *    name is resolved again) and O_NONBLOCK (a FIFO put there since cannot hang the open);
 *    creates add O_EXCL, which fails on any name already there, a link included;
 * 3. the descriptor, not the name, is asked where it is (`descriptorPath`), and must be a plain
 *    file inside the folder before a byte is read or written; a folder on the way that was
 *    swapped for a link is caught here.
 * A link that stays inside the folder is followed: it is the folder's own business.
 */
import { constants } from 'node:fs'
import type { BigIntStats } from 'node:fs'
import { open, realpath, stat, unlink } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'

import { descriptorPath } from './descriptor-path.js'
import { isInside, realFolders } from './is-inside.js'
import { NotPlainFileError, requirePlainFile } from './plain-file.js'
import { outsideRefusal, rootsOf, UnsafeWriteError } from './write-target.js'
import type { WriteRoots } from './write-target.js'

/** 0 where the platform has no such flag (Windows); the proof after the open still runs. */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0
const NON_BLOCK = constants.O_NONBLOCK ?? 0

/** What the file is opened for; `create` never opens a name that is already there. */
export type OpenPurpose = 'read' | 'append' | 'create' | 'append-or-create'

const FLAGS: Record<OpenPurpose, number> = {
  read: constants.O_RDONLY | NON_BLOCK | NO_FOLLOW,
  // Read and write: a discussion's head and tail are read through the descriptor written to.
  append: constants.O_RDWR | constants.O_APPEND | NON_BLOCK | NO_FOLLOW,
  create: constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW,
  'append-or-create':
    constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NON_BLOCK | NO_FOLLOW,
}

/** A name swapped back and forth this many times in a row is refused rather than chased. */
const ATTEMPTS = 5

export interface OpenedInside {
  handle: FileHandle
  /** Where the opened file is, every link resolved, as its descriptor says: inside the folder. */
  real: string
  /** The opened file's own stats (from the descriptor). */
  stats: BigIntStats
}

export interface OpenInsideOptions {
  /** Permission bits of a file the open creates (default 0o666, less the umask). */
  mode?: number
  /** The name used in messages (default: the path). */
  shown?: string
}

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException)?.code

/** Where `absolute` leads now: its real path, or for a name not there, its folder's plus the name. */
async function placeOf(absolute: string, purpose: OpenPurpose): Promise<string> {
  if (purpose !== 'create') {
    try {
      return await realpath(absolute)
    } catch (error) {
      if (codeOf(error) !== 'ENOENT' || purpose !== 'append-or-create') throw error
    }
  }
  return join(await realpath(dirname(absolute)), basename(absolute))
}

const insideAny = (roots: readonly string[], path: string): boolean =>
  roots.some((root) => isInside(root, path))

/**
 * Opens `path` for `purpose`, proven to be a plain file inside `within` (see above). Node's own
 * errors pass through (ENOENT, EACCES, EEXIST for a create); `UnsafeWriteError` for a file
 * outside, `NotPlainFileError` for anything but a plain file.
 */
export async function openInside(
  path: string,
  purpose: OpenPurpose,
  within: WriteRoots,
  options: OpenInsideOptions = {},
): Promise<OpenedInside> {
  const shown = options.shown ?? path
  const action = purpose === 'read' ? 'opened' : 'written'
  const absolute = resolve(path)
  const roots = await realFolders(rootsOf(within))
  let lastError: unknown = null
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const target = await placeOf(absolute, purpose)
    if (!insideAny(roots, target)) throw await outsideRefusal(shown, within, action)
    if (purpose !== 'create') {
      const before = await stat(target).catch((error: unknown) => {
        if (codeOf(error) === 'ENOENT' && purpose === 'append-or-create') return null
        throw error
      })
      if (before) requirePlainFile(shown, before)
    }
    let handle: FileHandle
    try {
      handle = await open(target, FLAGS[purpose], options.mode ?? 0o666)
    } catch (error) {
      // A link put at the name since it was resolved (ELOOP), or the name gone for a moment while
      // it is swapped (ENOENT): resolve it again. A FIFO put there since: refused.
      if (codeOf(error) === 'ENXIO') throw new NotPlainFileError(shown, 'a FIFO (named pipe)')
      if (codeOf(error) !== 'ELOOP' && !(codeOf(error) === 'ENOENT' && purpose !== 'create'))
        throw error
      lastError = error
      continue
    }
    try {
      const stats = await handle.stat({ bigint: true })
      requirePlainFile(shown, stats)
      const real = await descriptorPath(handle, stats, target)
      if (real === null) {
        await handle.close() // removed or replaced since it was opened: look again
        continue
      }
      if (!insideAny(roots, real)) {
        // A folder on the way was swapped for a link after the name was resolved. A file this
        // open created there is removed again: nothing is left outside.
        if (purpose === 'create') await unlink(real).catch(() => undefined)
        throw await outsideRefusal(shown, within, action)
      }
      return { handle, real, stats }
    } catch (error) {
      await handle.close().catch(() => undefined)
      throw error
    }
  }
  if (codeOf(lastError) === 'ENOENT') throw lastError
  throw new UnsafeWriteError(
    `${shown}: kept changing between a file and a link while it was opened; not ${action}. Try again once nothing else is changing it.`,
  )
}
