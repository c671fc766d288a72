/**
 * Reads of a file the app shows as it is (a diagram's source, a discussion's last change): the
 * backend maps requests onto these and never opens a file itself.
 */
import { readFile, stat } from 'node:fs/promises'

import { DiscussionError } from '../../core/errors.js'

/** The text of `file`, refused when it is larger than `limit` bytes (a window shows it whole). */
export async function readTextUpTo(file: string, limit: number): Promise<string> {
  const size = (await stat(file)).size
  if (size > limit) throw new DiscussionError(`${file}: larger than ${limit / 1000} KB; not shown.`)
  return readFile(file, 'utf8')
}

/** When `file` last changed, as ISO 8601. */
export async function lastModified(file: string): Promise<string> {
  return (await stat(file)).mtime.toISOString()
}
