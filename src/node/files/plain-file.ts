/**
 * Only a plain file is read or written as a discussion or a file of ours. Anything else is refused
 * before it is opened: opening a FIFO waits for a writer that never comes (a `comment` on one
 * hung), and opening some devices does something (a tape rewinds).
 */
import type { BigIntStats, Stats } from 'node:fs'

import { DiscussionError } from '../../core/errors.js'

/** What a name that is not a plain file is, in words; null for a plain file. */
export function notPlainKind(stats: Stats | BigIntStats): string | null {
  if (stats.isFile()) return null
  if (stats.isDirectory()) return 'a folder'
  if (stats.isFIFO()) return 'a FIFO (named pipe)'
  if (stats.isSocket()) return 'a socket'
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device'
  if (stats.isSymbolicLink()) return 'a link'
  return 'something other than a file'
}

export class NotPlainFileError extends DiscussionError {
  /** As Node's own errors name theirs: `EISDIR` for a folder, so callers word it as before. */
  readonly code: 'EISDIR' | 'ENOTREGULAR'

  constructor(path: string, kind: string) {
    super(`${path}: is ${kind}, not a plain file; not opened.`)
    this.code = kind === 'a folder' ? 'EISDIR' : 'ENOTREGULAR'
  }
}

/** Throws `NotPlainFileError` (naming `path`) unless `stats` are a plain file's. */
export function requirePlainFile(path: string, stats: Stats | BigIntStats): void {
  const kind = notPlainKind(stats)
  if (kind !== null) throw new NotPlainFileError(path, kind)
}
