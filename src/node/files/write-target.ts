/**
 * Refusals of a file that lies outside the folder it must stay inside. A discussion folder is
 * hostile input: a repository can ship `X.sum.md -> ~/.bashrc`, a `diagrams/` link to another
 * folder, or a `.discussions/` link out of the project. The refusal is one message that names the
 * link leading out, so the person knows what to remove.
 */
import { lstat, readlink, realpath } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'

import { DiscussionError } from '../../core/errors.js'
import { isInside, realLocation } from './is-inside.js'

/** A write (or a discussion's read) refused because it would leave its folder. */
export class UnsafeWriteError extends DiscussionError {}

/** The folder(s) a write must stay inside. */
export type WriteRoots = string | readonly string[]

export const rootsOf = (within: WriteRoots): readonly string[] =>
  typeof within === 'string' ? [within] : within

/** The link on the way from `root` to `absolute` that leads out of `realRoot`, if any. */
async function linkLeadingOut(
  absolute: string,
  root: string,
  realRoot: string,
): Promise<{ link: string; target: string } | null> {
  let at = root
  for (const part of relative(root, absolute).split(sep)) {
    at = join(at, part)
    const stats = await lstat(at).catch(() => null)
    if (!stats) return null
    if (!stats.isSymbolicLink()) continue
    const { real } = await realLocation(at)
    if (!isInside(realRoot, real)) return { link: at, target: await readlink(at) }
  }
  return null
}

/**
 * Why `path` may not be written (`action`: 'written') or opened: it lies outside every one of
 * `within` once links are followed. Names the link that leads out when there is one.
 */
export async function outsideRefusal(
  path: string,
  within: WriteRoots,
  action: 'written' | 'opened' = 'written',
): Promise<UnsafeWriteError> {
  const absolute = resolve(path)
  const roots = rootsOf(within).map((root) => resolve(root))
  const where = roots.length === 1 ? (roots[0] ?? '') : `the folders ${roots.join(', ')}`
  for (const root of roots) {
    if (!isInside(root, absolute) || absolute === root) continue
    const realRoot = await realpath(root).catch(() => root)
    const found = await linkLeadingOut(absolute, root, realRoot)
    if (!found) continue
    const fix = `Remove the link, or copy what it points to into ${root}.`
    return new UnsafeWriteError(
      found.link === absolute
        ? `${path}: is a link to ${found.target}, outside ${where}; not ${action}. ${fix}`
        : `${path}: reached through the link ${found.link} -> ${found.target}, which leads outside ${where}; not ${action}. ${fix}`,
    )
  }
  return new UnsafeWriteError(
    `${path}: is outside ${where} (after following links); not ${action}. Remove the link or choose another place.`,
  )
}
