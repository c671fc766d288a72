/**
 * Where a write may go. A discussion folder is hostile input: a repository can ship
 * `X.sum.md -> ~/.bashrc`, a `diagrams/` link to another folder, or a `.discussions/` link out of
 * the project. So before any write the target's folder is resolved to its real path and must lie
 * inside the folder the write belongs to (compared on real paths), and the final name must not be
 * a link: the write replaces or creates that name itself, never what a link points to.
 */
import { lstat, mkdir } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'

import { DiscussionError } from '../../core/errors.js'
import { isInside, realFolders, realLocation } from './is-inside.js'

/** The folder(s) a write must stay inside. */
export type WriteRoots = string | readonly string[]

/** A write refused because it would go through a link or outside its folder. */
export class UnsafeWriteError extends DiscussionError {}

const rootsOf = (within: WriteRoots): readonly string[] =>
  typeof within === 'string' ? [within] : within

function outside(path: string, roots: readonly string[]): UnsafeWriteError {
  const where = roots.length === 1 ? (roots[0] ?? '') : 'the open folders'
  return new UnsafeWriteError(
    `${path}: is outside ${where} (after following links); not written. Remove the link or choose another place.`,
  )
}

/**
 * Creates `folder` (and its missing parents) after checking that it lies inside `within` on real
 * paths, so `mkdir -p` never creates folders through a link that leads out. Returns its real path.
 */
export async function ensureFolderInside(folder: string, within: WriteRoots): Promise<string> {
  const roots = rootsOf(within)
  const [{ real }, realRoots] = await Promise.all([realLocation(folder), realFolders(roots)])
  if (!realRoots.some((root) => isInside(root, real))) throw outside(folder, roots)
  await mkdir(real, { recursive: true })
  return real
}

/**
 * A write into the very folder it must stay inside (a cache or journal in its own folder, a file
 * beside which nothing else may be written) has only its name to check: the folder is inside
 * itself whatever links lead to it. This spares the two real-path lookups of every such write,
 * each a round trip to the thread pool, of which an append and its caches make a dozen.
 */
function isOwnFolder(folder: string, roots: readonly string[]): boolean {
  return roots.length === 1 && resolve(roots[0] ?? '') === folder
}

/** `absolute` with its folder's real path, which must lie inside one of `roots`. */
async function confinedPath(
  absolute: string,
  roots: readonly string[],
  path: string,
): Promise<string> {
  const [{ real: realParent }, realRoots] = await Promise.all([
    realLocation(dirname(absolute)),
    realFolders(roots),
  ])
  if (!realRoots.some((root) => isInside(root, realParent))) throw outside(path, roots)
  return join(realParent, basename(absolute))
}

/**
 * The path to write for `path`: its folder's real path plus its own name. Refuses a name that is
 * a symbolic link and a folder outside `within`. The folder must exist (`ensureFolderInside`).
 * `exclusive`: the caller opens with O_EXCL, which fails with EEXIST on any existing name, a link
 * included, so a link there is simply a name that is taken.
 */
export async function confinedTarget(
  path: string,
  within: WriteRoots,
  options: { exclusive?: boolean } = {},
): Promise<string> {
  const roots = rootsOf(within)
  const absolute = resolve(path)
  const target = isOwnFolder(dirname(absolute), roots)
    ? absolute
    : await confinedPath(absolute, roots, path)
  if (options.exclusive) return target
  const stats = await lstat(target).catch(() => null)
  if (stats?.isSymbolicLink())
    throw new UnsafeWriteError(
      `${path}: is a symbolic link; not written through it. Remove the link to let it be written.`,
    )
  return target
}
