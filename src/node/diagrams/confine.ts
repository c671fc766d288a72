/**
 * Where a `DIAGRAM:` path points. It is relative to the discussion's folder, and it must stay
 * inside the workspace root, as written and after symlinks: a model could write
 * `DIAGRAM: ../../.ssh/id_rsa`, and such a path is reported, never read. A missing file is
 * placed where the links on its way lead, so a path under a linked folder that leads out is
 * "outside" whether or not a file is there: the answer never tells what exists outside.
 */
import { dirname, resolve } from 'node:path'

import { isInside, realFolders, realLocation } from '../files/is-inside.js'

export type ResolvedDiagram =
  { ok: true; path: string; exists: boolean } | { ok: false; problem: string }

/** Resolves `ref` from the discussion `file`; `roots` are the folders a diagram may live in. */
export async function resolveDiagramPath(
  file: string,
  ref: string,
  roots: readonly string[],
): Promise<ResolvedDiagram> {
  if (ref.includes('\0')) return { ok: false, problem: `${ref}: not a file name.` }
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref))
    return { ok: false, problem: `${ref}: a URL, not a file; diagrams are local files.` }
  const path = resolve(dirname(file), ref)
  const realRoots = await realFolders(roots)
  const outside = { ok: false as const, problem: `${ref}: is outside the workspace; not read.` }
  if (!roots.some((root, i) => isInside(root, path) || isInside(realRoots[i] ?? root, path)))
    return outside
  const { real, exists } = await realLocation(path)
  if (!realRoots.some((root) => isInside(root, real))) return outside
  return { ok: true, path: real, exists }
}
