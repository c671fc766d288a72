/**
 * The descendants of the providers that run now, known while they run. Killing a process group is
 * not enough: a helper started with `setsid` (or `nohup ... &` followed by `setsid`) leaves the
 * group, and once its parent exits it is re-parented to init, where no tree walk finds it. So
 * while providers run, the processes below them are read every POLL_MS (process-table.ts: from
 * /proc on Linux, walking down from the providers and the descendants seen before; from `ps`
 * elsewhere), every descendant seen is remembered, and each is killed with its group. A helper
 * that leaves the group is thus learned while its parent lives, and still found below itself
 * afterwards. A pid is remembered with its start time where the system tells it (/proc), so a pid
 * reused by another program is never signalled, nor walked down from.
 */
import { startTime } from './proc-children.js'
import { processTable, processTableSync, type ChildLink } from './process-table.js'

const POLL_MS = 250

/** Every pid below `roots` in `table`. */
function below(roots: Iterable<number>, table: readonly ChildLink[]): number[] {
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

  /** Whether `pid` still names the process first seen under it (true when that cannot be told). */
  #same(pid: number, started: string | null): boolean {
    return started === null || startTime(pid) === started
  }

  /**
   * Where to look for descendants: the root and every descendant seen that is still the same
   * process (the others are forgotten: gone, or their pid now belongs to someone else).
   */
  roots(): number[] {
    for (const [pid, started] of this.#seen) {
      if (!this.#same(pid, started)) this.#seen.delete(pid)
    }
    return [this.root, ...this.#seen.keys()]
  }

  /** Remembers the descendants in `table` of the root and of every descendant seen before. */
  learn(table: readonly ChildLink[]): void {
    for (const pid of below([this.root, ...this.#seen.keys()], table)) {
      if (!this.#seen.has(pid)) this.#seen.set(pid, startTime(pid))
    }
  }

  /** Signals every remembered descendant still the same process; forgets the gone ones. */
  signal(signal: NodeJS.Signals): void {
    for (const [pid, started] of this.#seen) {
      if (!this.#same(pid, started)) {
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

function allRoots(): number[] {
  return [...trees].flatMap((tree) => tree.roots())
}

/** Reads the processes below every tree once and teaches them to each. */
export function refreshTrees(): Promise<void> {
  return (polling ??= processTable(allRoots())
    .then((table) => {
      for (const tree of trees) tree.learn(table)
    })
    .finally(() => {
      polling = null
    }))
}

/** The same, synchronously: for the way out of this process and the frozen look before a kill. */
export function refreshTreesSync(): void {
  if (trees.size === 0) return
  const table = processTableSync(allRoots())
  for (const tree of trees) tree.learn(table)
}

/**
 * Starts watching `pid`'s descendants; they are read with the others' every POLL_MS. Not at
 * once: the program has only just been started (exec'd) and has started nothing yet, and the
 * providers of a turn are started one after another, so a look at each start would only stand
 * between them. A kill looks again at once (refreshTreesSync), so nothing started since the last
 * poll is missed while its parent lives.
 */
export function watchTree(pid: number): ProcessTree {
  const tree = new ProcessTree(pid)
  trees.add(tree)
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
