import type { DiscussionFileStore, DiscussionSnapshot } from '../node/store/discussion-store.js'
import { CliError } from './errors.js'

/** Reads a discussion for a command, turning a missing or unreadable file into one clear line. */
export async function readDiscussionFile(
  store: DiscussionFileStore,
  path: string,
): Promise<DiscussionSnapshot> {
  try {
    return await store.read(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT')
      throw new CliError(`${path}: no such file. \`discussions list\` shows the discussions here.`)
    if (code === 'EISDIR') throw new CliError(`${path}: is a folder, not a discussion file.`)
    throw new CliError(`${path}: cannot be read (${code ?? String(error)}).`)
  }
}

/** Splits `a,b, c` and `@a @b` into aliases. */
export function parseAliasList(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((alias) => alias.replace(/^@/, '').trim().toLowerCase())
    .filter((alias) => alias !== '')
}
