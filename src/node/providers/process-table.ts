/**
 * The parent-to-child links below some processes, the way this system offers them cheapest: on
 * Linux from /proc (proc-children.ts: a few reads, our descendants only); elsewhere (macOS, or a
 * kernel without CONFIG_PROC_CHILDREN) from `ps`, which lists every process on the machine and
 * costs a fork of this process each time.
 */
import { spawnSync } from 'node:child_process'

import pidtree from 'pidtree'

import { PROC, descendantLinks, procChildrenReadable, type ChildLink } from './proc-children.js'

export type { ChildLink } from './proc-children.js'

/** Where the table is read from: /proc, or `ps` when `procRoot` has no `children` files. */
export function tableSource(procRoot: string = PROC): 'proc' | 'ps' {
  return procChildrenReadable(procRoot) ? 'proc' : 'ps'
}

async function psTable(): Promise<ChildLink[]> {
  try {
    return await pidtree(-1, { advanced: true })
  } catch {
    return []
  }
}

function psTableSync(): ChildLink[] {
  const result = spawnSync('ps', ['-A', '-o', 'ppid=,pid='], { encoding: 'utf8', timeout: 2_000 })
  if (result.status !== 0 || typeof result.stdout !== 'string') return []
  return result.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter((pair): pair is [number, number] => pair.length === 2 && pair.every(Number.isInteger))
    .map(([ppid, pid]) => ({ ppid, pid }))
}

/**
 * Links enough to find everything below `roots`: from /proc exactly those (read at once: cheaper
 * than through the thread pool, see proc-children.ts); from `ps` the whole table, without
 * waiting for it (the caller walks it down from its roots either way).
 */
export function processTable(
  roots: Iterable<number>,
  procRoot: string = PROC,
): Promise<ChildLink[]> {
  return tableSource(procRoot) === 'proc'
    ? Promise.resolve(descendantLinks(roots, procRoot))
    : psTable()
}

/** The same, synchronously: for the exit hook, which cannot wait, and the frozen look. */
export function processTableSync(roots: Iterable<number>, procRoot: string = PROC): ChildLink[] {
  return tableSource(procRoot) === 'proc' ? descendantLinks(roots, procRoot) : psTableSync()
}
