/**
 * File-system refusals in words a user can act on: which file or folder cannot be written and what
 * to do about it. Said before a write starts (so a turn never pays for answers it cannot save), and
 * used to reword the errors of writes that fail anyway, so a temp file's name
 * (`d.sum.md.1862225419`) never reaches the user.
 */
import { dirname } from 'node:path'

import { DiscussionError } from '../../core/errors.js'

const DENIED = new Set(['EACCES', 'EPERM', 'EROFS'])

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException)?.code

export function isAccessError(error: unknown): boolean {
  return DENIED.has(codeOf(error) ?? '')
}

function reason(code: string | undefined): string {
  if (code === 'EROFS') return 'it is on a read-only file system'
  if (code === 'ENOSPC') return 'the disk is full'
  if (code === 'EDQUOT') return 'the disk quota is used up'
  if (code === 'ENOTDIR') return 'a part of its path is a file, not a folder'
  return 'permission denied'
}

export function fileNotWritable(shown: string, code?: string): DiscussionError {
  return new DiscussionError(
    `${shown} cannot be written (${reason(code)}); nothing was changed. Make it writable (for example \`chmod u+w ${shown}\`) or work on a copy.`,
  )
}

export function folderNotWritable(folder: string, code?: string): DiscussionError {
  return new DiscussionError(
    `The folder ${folder} cannot be written (${reason(code)}); nothing was changed. Make it writable, or copy the discussion to a folder you can write.`,
  )
}

export function stateFolderNotWritable(folder: string, code?: string): DiscussionError {
  return new DiscussionError(
    `The state folder ${folder} (locks and caches) cannot be written (${reason(code)}). Set DISCUSSIONS_STATE_DIR to a folder you can write, for example DISCUSSIONS_STATE_DIR=/tmp/discussions-state.`,
  )
}

/**
 * A failed write of `target` as the user should read it: permission, read-only and full-disk errors
 * name the target and its folder (never a temp file); anything else is passed on unchanged.
 */
export function explainWriteError(error: unknown, target: string): unknown {
  const code = codeOf(error)
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return new DiscussionError(
      `${target} could not be written (${reason(code)}); nothing was changed. Free some space and try again.`,
    )
  if (!isAccessError(error)) return error
  const message = (error as Error).message
  // The message names the path that failed: the target itself, or a temp file / the folder.
  return message.includes(`'${target}'`)
    ? fileNotWritable(target, code)
    : folderNotWritable(dirname(target), code)
}
