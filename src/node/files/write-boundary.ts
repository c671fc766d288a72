/**
 * The folder a discussion's reads and writes must stay inside: its project. A discussion folder is
 * hostile input (a cloned repository can ship `d.md -> ~/.bashrc` or `notes -> /elsewhere`), so a
 * link is followed only while it stays inside the project, and the project is never decided by
 * what lies behind a link.
 *
 * The project of a path is `root` (the project the command or the app's folder works in) when the
 * path lies in it, compared as written once `..` is resolved: the project's own name is the
 * user's, what lies below it is not. A path elsewhere (named on the command line) belongs to the
 * nearest folder above it that holds `discussions.yaml` or `.git` and has no link in its own path;
 * failing that, to the nearest folder above it with no link in its path.
 */
import { lstatSync, realpathSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

import { isInside } from './is-inside.js'

/** What marks a project's root (as `findProjectRoot` in config/paths.ts). */
const PROJECT_MARKERS = ['discussions.yaml', '.git']

const isPresent = (path: string): boolean =>
  lstatSync(path, { throwIfNoEntry: false }) !== undefined

/** `dir` exists and no part of its path is a link. */
function isLinkFree(dir: string): boolean {
  try {
    return realpathSync(dir) === dir
  } catch {
    return false
  }
}

function projectAbove(folder: string): string {
  let linkFree: string | null = null
  for (let dir = folder; ;) {
    if (isLinkFree(dir)) {
      if (PROJECT_MARKERS.some((marker) => isPresent(join(dir, marker)))) return dir
      linkFree ??= dir
    }
    const parent = dirname(dir)
    if (parent === dir) return linkFree ?? dir
    dir = parent
  }
}

export function writeBoundary(path: string, root?: string | null): string {
  const absolute = resolve(path)
  if (root && isInside(resolve(root), absolute)) return resolve(root)
  return projectAbove(dirname(absolute))
}
