/**
 * The descendants of the providers that run now, known while they run. Killing a process group is
 * not enough: a helper started with `setsid` (or `nohup ... &` followed by `setsid`) leaves the
 * group, and once its parent exits it is re-parented to init, where no tree walk finds it. So the
 * process table is read (pidtree, one `ps` for all providers) while providers run, every
 * descendant seen is remembered, and each is killed with its group. A pid is remembered with its
 * start time where the system tells it (/proc), so a pid reused by another program is never hit.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

import pidtree from 'pidtree'

const POLL_MS = 250

interface Entry {
  ppid: number
  pid: number
}

/** The start time of `pid` (clock ticks since boot) on Linux; null elsewhere or when gone. */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19] ?? null // field 22 of the whole line
  } catch {
    return null
  }
}

/** The table as `ps` prints it, synchronously: for the exit hook, which cannot wait. */
function processTableSync(): Entry[] {
  const result = spawnSync('ps', ['-A', '-o', 'ppid=,pid='], { encoding: 'utf8', timeout: 2_000 })
  if (result.status !== 0 || typeof result.stdout !== 'string') return []
  return result.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter((pair): pair is [number, number] => pair.length === 2 && pair.every(Number.isInteger))
    .map(([ppid, pid]) => ({ ppid, pid }))
}

async function processTable(): Promise<Entry[]> {
  try {
    return await pidtree(-1, { advanced: true })
  } catch {
    return []
  }
}

/** Every pid below `roots` in `table`. */
function below(roots: Iterable<number>, table: readonly Entry[]): number[] {
  const children = new Map<number, number[]>()
  for (const { ppid, pid } of table) {
    const list = children.get(ppid)
    if (list) list.push(pid)
    else children.set(ppid, [pid])
  }
  const found = new Set<number>()
  const queue = [...roots]
  while (queue.length > 0) {
    const pid = queue.shift() as number
    for (const child of children.get(pid) ?? []) {
      if (found.has(child)) continue
      found.add(child)
      queue.push(child)
    }
  }
  return [...found]
}

/** The descendants seen of one provider process: the root and, below it, everyone it started. */
export class ProcessTree {
  /** pid -> start time when first seen (null: not known on this system). */
  readonly #seen = new Map<number, string | null>()

  constructor(readonly root: number) {}

  /** Remembers the descendants in `table` of the root and of every descendant seen before. */
  learn(table: readonly Entry[]): void {
    for (const pid of below([this.root, ...this.#seen.keys()], table)) {
      if (!this.#seen.has(pid)) this.#seen.set(pid, startTime(pid))
    }
  }

  /** Signals every remembered descendant still the same process; forgets the gone ones. */
  signal(signal: NodeJS.Signals): void {
    for (const [pid, started] of this.#seen) {
      if (started !== null && startTime(pid) !== started) {
        this.#seen.delete(pid) // gone, or its pid now belongs to someone else
        continue
      }
      try {
        process.kill(pid, signal)
      } catch {
        this.#seen.delete(pid)
      }
    }
  }

  /** The descendants remembered and still alive (for tests and diagnostics). */
  get descendants(): number[] {
    return [...this.#seen.keys()]
  }
}

const trees = new Set<ProcessTree>()
let poller: NodeJS.Timeout | null = null
let polling: Promise<void> | null = null

/** Reads the process table once and teaches it to every tree. */
export function refreshTrees(): Promise<void> {
  return (polling ??= processTable()
    .then((table) => {
      for (const tree of trees) tree.learn(table)
    })
    .finally(() => {
      polling = null
    }))
}

/** The same, synchronously: for the way out of this process. */
export function refreshTreesSync(): void {
  if (trees.size === 0) return
  const table = processTableSync()
  for (const tree of trees) tree.learn(table)
}

/** Starts watching `pid`'s descendants; they are read at once and then every POLL_MS. */
export function watchTree(pid: number): ProcessTree {
  const tree = new ProcessTree(pid)
  trees.add(tree)
  void refreshTrees()
  poller ??= setInterval(() => void refreshTrees(), POLL_MS).unref()
  return tree
}

export function unwatchTree(tree: ProcessTree): void {
  trees.delete(tree)
  if (trees.size === 0 && poller) {
    clearInterval(poller)
    poller = null
  }
}
