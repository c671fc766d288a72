/**
 * A small file read whole and synchronously, refusing before it is even opened what could make
 * the read block or never end: anything that is not a regular file (a FIFO, a device, a link to
 * /dev/zero that a cloned repository may hold) and a file above a size limit.
 *
 * For the settings files every command reads before it starts (the settings, each persona and
 * template, providers.yaml) and their cache entries. Each is a few kilobytes on a local disk:
 * read at once it costs microseconds, where the thread pool cost a round trip for each of the
 * open, stat, read and close, and those queued behind one another's; over the thirty reads of a
 * turn's start, about 4 ms before the first provider started. The checks above are what make it
 * safe to hold the event loop for the read.
 */
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readSync,
  realpathSync,
  statSync,
} from 'node:fs'
import type { Stats } from 'node:fs'

import { isInside } from './is-inside.js'

/** Why a file was not read; `code` as Node's own errors name theirs, for the callers' messages. */
export class NotReadableError extends Error {
  constructor(
    message: string,
    readonly code: 'EISDIR' | 'ENOTREGULAR' | 'ETOOLARGE' | 'EOUTSIDE',
  ) {
    super(message)
  }
}

function refuseUnlessPlain(stats: Stats, maxBytes: number): void {
  if (stats.isDirectory()) throw new NotReadableError('is a folder', 'EISDIR')
  if (!stats.isFile()) throw new NotReadableError('is not a regular file', 'ENOTREGULAR')
  if (stats.size > maxBytes)
    throw new NotReadableError(
      `is ${stats.size} bytes, more than the ${maxBytes} a file here may have`,
      'ETOOLARGE',
    )
}

/** O_NONBLOCK, so that opening a FIFO does not wait for a writer (0 where there is none). */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

/**
 * Refuses a file opened as `fd` that is not really inside `within`: the name's real path must be
 * inside the folder's, and be the very file opened (same device and inode), so a link followed,
 * or swapped in between, to a file elsewhere is never read.
 */
function refuseUnlessInside(file: string, fd: number, within: string): void {
  const opened = fstatSync(fd)
  let real: string
  try {
    real = realpathSync(file)
  } catch {
    real = ''
  }
  const there = real === '' ? null : statSync(real, { throwIfNoEntry: false })
  const inside = real !== '' && isInside(realpathSync(within), real)
  if (!inside || there?.dev !== opened.dev || there.ino !== opened.ino)
    throw new NotReadableError(
      `leads outside ${within} (a link); a file there is read only from inside it`,
      'EOUTSIDE',
    )
}

export interface ReadOptions {
  /**
   * A folder the file must really be in (an untrusted project's): a link to a file elsewhere, or
   * a file in a linked folder that leads elsewhere, is refused with `EOUTSIDE`.
   */
  within?: string | null
}

/**
 * The bytes of `file`, at most `maxBytes`; throws Node's error for a file that cannot be opened
 * (ENOENT, EACCES, ...) and `NotReadableError` for one that is refused.
 */
export function readRegularFile(file: string, maxBytes: number, options: ReadOptions = {}): Buffer {
  // Looked at before it is opened, since opening some devices does something (a tape rewinds);
  // and again once open, in case the name was swapped in between.
  refuseUnlessPlain(statSync(file), maxBytes)
  const fd = openSync(file, OPEN_FLAGS)
  try {
    const stats = fstatSync(fd)
    refuseUnlessPlain(stats, maxBytes)
    if (options.within) refuseUnlessInside(file, fd, options.within)
    const bytes = Buffer.allocUnsafe(stats.size)
    let filled = 0
    while (filled < bytes.length) {
      const read = readSync(fd, bytes, filled, bytes.length - filled, filled)
      if (read === 0) break // shortened while being read: what is there is the file
      filled += read
    }
    return bytes.subarray(0, filled)
  } finally {
    closeSync(fd)
  }
}
