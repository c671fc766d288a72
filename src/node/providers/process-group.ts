/**
 * Killing a command provider and everything it started. execa kills only the direct child
 * (execa#96, open since 2017), and a CLI agent may start helpers of its own; so each provider runs
 * as the leader of its own process group (`detached: true`) and the whole group is signalled:
 * TERM, then KILL after a grace period. Groups still alive when this process exits (Ctrl+C
 * included) are killed on the way out, so nothing is left running.
 */
import { onExit } from 'signal-exit'

const live = new Set<number>()
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

/** Whether any process (a zombie counts) is still in the group. */
export function groupExists(pgid: number): boolean {
  return signalGroup(pgid, 0)
}

export function trackGroup(pgid: number): void {
  live.add(pgid)
  removeExitHook ??= onExit(
    () => {
      for (const group of live) signalGroup(group, 'SIGKILL')
    },
    { alwaysLast: true },
  )
}

export function untrackGroup(pgid: number): void {
  live.delete(pgid)
  if (live.size === 0 && removeExitHook) {
    removeExitHook()
    removeExitHook = null
  }
}

/** The groups started and not yet killed (for tests and diagnostics). */
export function liveGroups(): number[] {
  return [...live]
}

/**
 * TERM to the group now, KILL after `graceMs` (default 2 s) for whatever ignored it. Returns at
 * once: the caller does not wait for the kill, and the KILL timer does not keep Node alive (the
 * exit hook sends KILL if this process ends first).
 */
export function terminateGroup(pgid: number, graceMs = 2_000): void {
  if (!signalGroup(pgid, 'SIGTERM')) {
    untrackGroup(pgid)
    return
  }
  setTimeout(() => {
    signalGroup(pgid, 'SIGKILL')
    untrackGroup(pgid)
  }, graceMs).unref()
}
