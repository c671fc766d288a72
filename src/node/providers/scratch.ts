/**
 * The empty working folder a command provider runs in, so a CLI agent never starts inside the
 * user's repository. Removed when the program is gone; folders still in use when this process
 * exits (a program that ignored TERM outlives the call by the grace period) are removed on the way
 * out.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { onExit } from 'signal-exit'

const inUse = new Set<string>()
let removeExitHook: (() => void) | null = null

/**
 * Made at once, like the prompt file written into it: a turn then starts its providers back to
 * back, where an awaited folder let other work in between one start and the next (the last
 * provider, whose answer ends the turn, started some milliseconds later). One mkdtemp is a single
 * system call in the temp folder.
 */
export function makeScratch(root: string = tmpdir()): string {
  const dir = mkdtempSync(join(root, 'discussions-provider-'))
  inUse.add(dir)
  removeExitHook ??= onExit(() => {
    for (const folder of inUse) rmSync(folder, { recursive: true, force: true })
  })
  return dir
}

export async function removeScratch(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true }).catch(() => undefined)
  inUse.delete(dir)
  if (inUse.size === 0 && removeExitHook) {
    removeExitHook()
    removeExitHook = null
  }
}
