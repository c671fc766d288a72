/**
 * Where an open file really is, asked of the descriptor rather than of its name: a name can be
 * swapped for a link between any check and the open, the descriptor cannot change what it refers
 * to. On Linux the kernel names it (`/proc/self/fd/N`, the path of the file as opened, every link
 * resolved). Node reaches no such call elsewhere (macOS's F_GETPATH, Windows'
 * GetFinalPathNameByHandle), so there the fallback resolves the name again after the open and
 * accepts it only if it is the very file the descriptor holds (same device and inode); what is
 * left there is a name swapped back and forth again between that open and that look-up.
 */
import type { BigIntStats } from 'node:fs'
import { readlink, realpath, stat } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'

import { HOST_PLATFORM } from '../host.js'

async function namedByKernel(fd: number): Promise<string | null> {
  if (HOST_PLATFORM !== 'linux') return null
  try {
    const named = await readlink(`/proc/self/fd/${fd}`)
    return named.startsWith('/') ? named : null // "pipe:[…]", or /proc not mounted
  } catch {
    return null
  }
}

/**
 * The real path of the file `handle` holds (`stats` are its own), or null when it has no name any
 * more (removed or replaced since it was opened). `name` is what it was opened by (the fallback).
 */
export async function descriptorPath(
  handle: FileHandle,
  stats: BigIntStats,
  name: string,
): Promise<string | null> {
  if (stats.nlink === 0n) return null
  const named = await namedByKernel(handle.fd)
  if (named !== null) return named
  try {
    const again = await realpath(name)
    const there = await stat(again, { bigint: true })
    return there.dev === stats.dev && there.ino === stats.ino ? again : null
  } catch {
    return null
  }
}
