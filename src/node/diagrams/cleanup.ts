/** Deleting orphaned diagrams: only those a fresh scan still finds unreferenced. */
import { rm } from 'node:fs/promises'

import { findOrphans } from './scan.js'

export interface CleanupResult {
  deleted: string[]
  /** Asked for but not deleted: referenced meanwhile, or not an orphan at all. */
  kept: string[]
}

export async function deleteOrphans(
  root: string,
  paths: readonly string[],
): Promise<CleanupResult> {
  // Scanned again now: a comment written since the list was shown may reference one of them.
  const { orphans } = await findOrphans(root)
  const allowed = new Set(orphans)
  const deleted: string[] = []
  const kept: string[] = []
  for (const path of paths) {
    if (!allowed.has(path)) {
      kept.push(path)
      continue
    }
    await rm(path, { force: true })
    deleted.push(path)
  }
  return { deleted, kept }
}
