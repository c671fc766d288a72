/**
 * `mkdir -p` that never creates a folder outside the folder it belongs to. Each missing folder is
 * made in its parent's real path, proven inside first, and its own real path is looked at once
 * made: a parent swapped for a link in between is caught, and the empty folder made outside is
 * removed again.
 */
import { lstat, mkdir, realpath, rmdir } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'

import { isInside, realLocation } from './is-inside.js'
import { outsideRefusal, rootsOf } from './write-target.js'
import type { WriteRoots } from './write-target.js'

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException)?.code

export interface FolderOptions {
  /** Permission bits of the folders made (default 0o777, less the umask). */
  mode?: number
}

const isAbove = (rel: string): boolean => rel === '..' || rel.startsWith(`..${sep}`)

/**
 * Creates `folder` and its missing parents inside `within` (one folder, or the first of several
 * that holds it; made itself when missing: it is ours to name). Returns the folder's real path;
 * refuses one that leads out.
 */
export async function ensureFolderInside(
  folder: string,
  within: WriteRoots,
  options: FolderOptions = {},
): Promise<string> {
  const mode = options.mode ?? 0o777
  const roots = rootsOf(within)
  const named = roots.find((root) => isInside(resolve(root), resolve(folder)))
  if (named !== undefined) await mkdir(named, { recursive: true, mode })
  const reals = await Promise.all(roots.map((each) => realpath(each).catch(() => resolve(each))))
  const inside = (real: string): boolean => reals.some((each) => isInside(each, real))
  let at: string
  let rel: string
  if (named !== undefined) {
    at = await realpath(named)
    rel = relative(resolve(named), resolve(folder))
  } else {
    // Named by another route (through a link, say): placed by where it really is.
    const { real } = await realLocation(folder)
    const holder = reals.find((each) => isInside(each, real))
    if (holder === undefined) throw await outsideRefusal(folder, within)
    at = holder
    rel = relative(holder, real)
  }
  if (isAbove(rel)) throw await outsideRefusal(folder, within)
  for (const part of rel === '' ? [] : rel.split(sep)) {
    const next = join(at, part)
    let made = false
    try {
      await mkdir(next, { mode })
      made = true
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error
    }
    const real = await realpath(next).catch(() => null)
    if (real === null || !inside(real)) {
      if (made) await rmdir(next).catch(() => undefined)
      throw await outsideRefusal(folder, within)
    }
    if (!(await lstat(real)).isDirectory())
      throw Object.assign(new Error(`ENOTDIR: not a folder, mkdir '${next}'`), { code: 'ENOTDIR' })
    at = real
  }
  return at
}
