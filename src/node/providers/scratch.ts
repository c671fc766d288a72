/**
 * The empty working folder a command provider runs in, so a CLI agent never starts inside the
 * user's repository. Removed when the program is gone; folders still in use when this process
 * exits (a program that ignored TERM outlives the call by the grace period) are removed on the way
 * out.
 */
import { rmSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { onExit } from 'signal-exit'

const inUse = new Set<string>()
let removeExitHook: (() => void) | null = null

export async function makeScratch(root: string = tmpdir()): Promise<string> {
  const dir = await mkdtemp(join(root, 'discussions-provider-'))
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
