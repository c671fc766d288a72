/**
 * Where a `DIAGRAM:` path points. It is relative to the discussion's folder, and it must stay
 * inside the workspace root, as written and after symlinks: a model could write
 * `DIAGRAM: ../../.ssh/id_rsa`, and such a path is reported, never read.
 */
import { realpath } from 'node:fs/promises'
import { dirname, isAbsolute, relative, resolve } from 'node:path'

export function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path)
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

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
  const realRoots = await Promise.all(roots.map((root) => realpath(root).catch(() => root)))
  const outside = { ok: false as const, problem: `${ref}: is outside the workspace; not read.` }
  if (!roots.some((root, i) => isInside(root, path) || isInside(realRoots[i] ?? root, path)))
    return outside
  let real: string
  try {
    real = await realpath(path)
  } catch {
    return { ok: true, path, exists: false }
  }
  if (!realRoots.some((root) => isInside(root, real))) return outside
  return { ok: true, path: real, exists: true }
}
