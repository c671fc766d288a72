/**
 * Killing a command provider and everything it started. execa kills only the direct child
 * (execa#96, open since 2017), and a CLI agent may start helpers of its own; so each provider runs
 * as the leader of its own process group (`detached: true`), and its descendants are watched while
 * it runs (process-tree.ts), since one started with `setsid` leaves the group. Both are signalled:
 * TERM, then KILL after a grace period. Whatever is still alive when this process exits (Ctrl+C
 * included) is killed on the way out, so nothing is left running.
 */
import { onExit } from 'signal-exit'

import { refreshTrees, refreshTreesSync, unwatchTree, watchTree } from './process-tree.js'
import type { ProcessTree } from './process-tree.js'

const live = new Map<number, ProcessTree>()
let removeExitHook: (() => void) | null = null

/** Sends `signal` to every process in the group; false when the group is gone. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal)
    return true
  } catch {
    return false // ESRCH: nobody left; EPERM: not ours any more
  }
}

function leaderAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

function killEverything(): void {
  refreshTreesSync()
  for (const [group, tree] of live) {
    signalGroup(group, 'SIGKILL')
    tree.signal('SIGKILL')
  }
}

export function trackGroup(pgid: number): void {
  if (!live.has(pgid)) live.set(pgid, watchTree(pgid))
  removeExitHook ??= onExit(killEverything, { alwaysLast: true })
}

export function untrackGroup(pgid: number): void {
  const tree = live.get(pgid)
  if (tree) unwatchTree(tree)
  live.delete(pgid)
  if (live.size === 0 && removeExitHook) {
    removeExitHook()
    removeExitHook = null
  }
}

/** The groups started and not yet killed (for tests and diagnostics). */
export function liveGroups(): number[] {
  return [...live.keys()]
}

/**
 * TERM to the group and every descendant seen now, KILL after `graceMs` (default 2 s) for whatever
 * ignored it. Returns at once: the caller does not wait for the kill, and the KILL timer does not
 * keep Node alive (the exit hook sends KILL if this process ends first).
 */
export function terminateGroup(pgid: number, graceMs = 2_000): void {
  const tree = live.get(pgid)
  // Freeze first, so nothing forks or escapes between the last look at the table and the kill;
  // the look must be now (a helper started since the last poll is found only while its parent
  // lives, and the TERM is about to end the parent).
  // (When the leader has exited already, its children are re-parented: only the polls knew them.)
  if (leaderAlive(pgid)) {
    signalGroup(pgid, 'SIGSTOP')
    refreshTreesSync()
    tree?.signal('SIGSTOP')
  }
  for (const signal of ['SIGTERM', 'SIGCONT'] as const) {
    signalGroup(pgid, signal)
    tree?.signal(signal)
  }
  setTimeout(() => {
    void refreshTrees().then(() => {
      signalGroup(pgid, 'SIGKILL')
      tree?.signal('SIGKILL')
      untrackGroup(pgid)
    })
  }, graceMs).unref()
}
