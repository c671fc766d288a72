/**
 * Whether a path lies inside a folder, and the real-path checks built on it. Every containment
 * check in the project uses these, so "inside" means one thing everywhere.
 */
import { lstat, readlink, realpath } from 'node:fs/promises'
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'

/** As the kernel's limit on links in one lookup (Linux: 40). */
const MAX_LINKS = 40

/** Lexically: `path` is `folder` itself or below it. Compare real paths for anything on disk. */
export function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path)
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))
}

/** Strictly below `folder` (not the folder itself): for showing a path relative to it. */
export function isBelow(folder: string, path: string): boolean {
  return relative(folder, path) !== '' && isInside(folder, path)
}

/** Real paths of `folders`; a folder that does not exist (yet) stands for itself. */
export async function realFolders(folders: readonly string[]): Promise<string[]> {
  return Promise.all(folders.map((folder) => realpath(folder).catch(() => resolve(folder))))
}

/**
 * Where `path` really is, whether or not it exists: its real path when it exists; else, links
 * followed as far as they lead (a dangling link to where it points), the real path of the nearest
 * existing ancestor with the missing part appended. A missing file under a symlinked folder is
 * therefore placed where the link points, so "missing" is only ever said of paths that are
 * really inside, and a refusal never tells whether a file outside exists.
 */
export async function realLocation(
  path: string,
  linksFollowed = 0,
): Promise<{ real: string; exists: boolean }> {
  const absolute = resolve(path)
  try {
    return { real: await realpath(absolute), exists: true }
  } catch {
    // Missing, or a dangling link somewhere on the way: resolve by hand below.
  }
  const stats = await lstat(absolute).catch(() => null)
  if (stats?.isSymbolicLink() && linksFollowed < MAX_LINKS) {
    const target = resolve(dirname(absolute), await readlink(absolute))
    return { real: (await realLocation(target, linksFollowed + 1)).real, exists: false }
  }
  const parent = dirname(absolute)
  if (stats || parent === absolute) return { real: absolute, exists: false }
  const { real } = await realLocation(parent, linksFollowed)
  return { real: join(real, basename(absolute)), exists: false }
}
