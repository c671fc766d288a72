/**
 * The processes below some roots, read from Linux's /proc without starting a program: each
 * thread's `/proc/<pid>/task/<tid>/children` lists the children that thread forked. Reading them
 * for our few descendants costs a few small reads, where `ps` costs a fork of this whole process
 * each time (up to ~12 ms of blocked main thread at ~100 MB resident) and lists every process on
 * the machine.
 *
 * Every thread of a process is read, not only the main one: a process may fork from any thread
 * (Go programs do), and the child is listed under the thread that forked it. The kernel lists
 * `children` only when built with CONFIG_PROC_CHILDREN (Debian's kernel is: checkpointing tools
 * need it); `procChildrenReadable` tells whether it is there, so the caller can use `ps` otherwise.
 *
 * The files are read synchronously, for the poll as for the exit hook: a read of a /proc file is
 * a few microseconds in the kernel, and each promise-based read costs five trips through libuv's
 * pool and their callbacks on this thread. Measured with 8 Node providers of 7 threads each (64
 * files), one look took 0.6 ms of this thread synchronously against 3.8 ms through fs/promises.
 * (Reading `children` takes no lock of the target's memory map, so a stuck process cannot stall
 * it, unlike `cmdline`.)
 *
 * Each procRoot parameter defaults to /proc; tests point it elsewhere to see the other path taken.
 */
import { readdirSync, readFileSync } from 'node:fs'

export const PROC = '/proc'

/** One parent-to-child link, as a process table lists it. */
export interface ChildLink {
  ppid: number
  pid: number
}

const readable = new Map<string, boolean>()

/** Whether `procRoot` lists each thread's children (checked on this process, once per root). */
export function procChildrenReadable(procRoot: string = PROC): boolean {
  let known = readable.get(procRoot)
  if (known === undefined) {
    try {
      readFileSync(`${procRoot}/self/task/${process.pid}/children`, 'utf8')
      known = true
    } catch {
      known = false
    }
    readable.set(procRoot, known)
  }
  return known
}

/** The pids in a `children` file: decimal numbers separated by spaces. */
function parseChildren(text: string): number[] {
  const pids: number[] = []
  for (const word of text.split(' ')) {
    if (/^\d+$/.test(word)) pids.push(Number(word))
  }
  return pids
}

/** Keeps the thread ids of a task folder listing (it holds nothing else, but stay strict). */
function threadIds(entries: readonly string[]): string[] {
  return entries.filter((entry) => /^\d+$/.test(entry))
}

/** The children of `pid`, every thread's; none when the process is gone (or was never ours). */
function childrenOf(pid: number, procRoot: string): number[] {
  const task = `${procRoot}/${pid}/task`
  const pids: number[] = []
  let threads: string[]
  try {
    threads = threadIds(readdirSync(task))
  } catch {
    return pids
  }
  for (const tid of threads) {
    try {
      pids.push(...parseChildren(readFileSync(`${task}/${tid}/children`, 'utf8')))
    } catch {
      // The thread ended between the listing and the read: its children moved to a sibling.
    }
  }
  return pids
}

/** Every link below `roots`: the roots' children, theirs, and so on down. */
export function descendantLinks(roots: Iterable<number>, procRoot: string = PROC): ChildLink[] {
  const links: ChildLink[] = []
  const visited = new Set<number>(roots)
  const queue = [...visited]
  for (let ppid = queue.shift(); ppid !== undefined; ppid = queue.shift()) {
    for (const pid of childrenOf(ppid, procRoot)) {
      links.push({ ppid, pid })
      if (!visited.has(pid)) {
        visited.add(pid)
        queue.push(pid)
      }
    }
  }
  return links
}

/**
 * The start time of `pid` (clock ticks since boot, field 22 of its stat line); null where there
 * is no such file (not Linux) or the process is gone. With the pid, it names one process: a pid
 * reused by a later program has another start time.
 */
export function startTime(pid: number, procRoot: string = PROC): string | null {
  try {
    const stat = readFileSync(`${procRoot}/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19] ?? null
  } catch {
    return null
  }
}
