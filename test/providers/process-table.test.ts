/**
 * The processes below a provider, read from /proc (each thread's `children`) on this Linux, and
 * from `ps` where /proc does not list children: checked against real processes, with `ps` as the
 * independent witness of who is whose parent.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import {
  descendantLinks,
  procChildrenReadable,
  type ChildLink,
} from '../../src/node/providers/proc-children.js'
import {
  processTable,
  processTableSync,
  tableSource,
} from '../../src/node/providers/process-table.js'
import { refreshTrees, unwatchTree, watchTree } from '../../src/node/providers/process-tree.js'
import { tempFolder } from '../support/temp.js'
import { isGone, waitGone } from './stand-ins.js'

/** Everything started here, killed after each test: groups by their leader, strays by pid. */
const groups: number[] = []
const strays = new Set<number>()

afterEach(() => {
  for (const pid of strays) kill(pid)
  for (const pgid of groups) kill(-pgid)
  strays.clear()
  groups.length = 0
})

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL')
  } catch {
    // gone already
  }
}

/** Starts `sh -c script` as the leader of its own group, like a provider. */
function shell(script: string): number {
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' })
  const pid = child.pid
  if (pid === undefined) throw new Error('sh did not start')
  groups.push(pid)
  return pid
}

interface PsRow {
  pid: number
  ppid: number
  sid: number
  comm: string
}

/** The machine's process table as `ps` prints it: the witness the /proc reader is checked by. */
function ps(): PsRow[] {
  const out = spawnSync('ps', ['-A', '-o', 'pid=,ppid=,sid=,comm='], { encoding: 'utf8' }).stdout
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length === 4)
    .map(([pid, ppid, sid, comm]) => ({
      pid: Number(pid),
      ppid: Number(ppid),
      sid: Number(sid),
      comm: comm ?? '',
    }))
}

/** Every pid below `root` according to `ps`. */
function psBelow(root: number): number[] {
  const rows = ps()
  const found: number[] = []
  const queue = [root]
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const row of rows) {
      if (row.ppid === pid && !found.includes(row.pid)) {
        found.push(row.pid)
        queue.push(row.pid)
      }
    }
  }
  return found.sort((a, b) => a - b)
}

/** The pids in `links` (the roots' descendants), sorted. */
function pids(links: readonly ChildLink[]): number[] {
  return [...new Set(links.map((link) => link.pid))].sort((a, b) => a - b)
}

/** Waits until `ps` sees `count` processes below `root` running `comm`, and returns all below. */
async function settled(root: number, comm: string, count: number): Promise<number[]> {
  await expect
    .poll(() => ps().filter((row) => row.comm === comm && psBelow(root).includes(row.pid)).length, {
      timeout: 5_000,
    })
    .toBe(count)
  return psBelow(root)
}

describe('the /proc reader on this machine', () => {
  it('is the source used here (Debian lists children in /proc)', () => {
    expect(procChildrenReadable()).toBe(true)
    expect(tableSource()).toBe('proc')
  })

  it('finds the children of a shell, for the poll and the exit hook, as ps sees them', async () => {
    const root = shell('sleep 30 & sleep 30 & wait')
    const below = await settled(root, 'sleep', 2)
    expect(below).toHaveLength(2)

    const links = descendantLinks([root])
    expect(pids(links)).toEqual(below)
    expect(links.every((link) => link.ppid === root)).toBe(true)
    expect(pids(await processTable([root]))).toEqual(below)
    expect(pids(processTableSync([root]))).toEqual(below)
  })

  it('finds a grandchild that left for a session of its own (setsid)', async () => {
    const root = shell('sh -c "setsid sleep 30 & wait" & wait')
    const below = await settled(root, 'sleep', 1)
    const helper = ps().find((row) => row.comm === 'sleep' && below.includes(row.pid))
    if (!helper) throw new Error('no helper')
    strays.add(helper.pid)
    expect(helper.sid).toBe(helper.pid) // its own session: outside the root's group
    expect(helper.ppid).not.toBe(root) // a grandchild

    expect(pids(descendantLinks([root]))).toEqual(below)
    expect(pids(processTableSync([root]))).toEqual(below)
    expect(descendantLinks([root])).toContainEqual({ ppid: helper.ppid, pid: helper.pid })
  })

  it('finds a child forked by a thread other than the main one (a worker_thread)', async () => {
    // Node's spawn forks from the calling thread, so the child is listed under the worker's
    // thread in /proc, not under the process's main thread.
    const code = `
const { Worker } = require('node:worker_threads')
new Worker("require('node:child_process').spawn('sleep', ['30'], { stdio: 'ignore' }); setInterval(() => {}, 1000)", { eval: true })
setInterval(() => {}, 1000)`
    const child = spawn(process.execPath, ['-e', code], { detached: true, stdio: 'ignore' })
    const root = child.pid as number
    groups.push(root)
    const below = await settled(root, 'sleep', 1)

    const mainThread = spawnSync('cat', [`/proc/${root}/task/${root}/children`], {
      encoding: 'utf8',
    }).stdout
    expect(mainThread.trim()).toBe('') // so only the other threads' lists can find it
    expect(pids(descendantLinks([root]))).toEqual(below)
    expect(pids(processTableSync([root]))).toEqual(below)
  })

  it('finds nothing below a process that is gone, and nothing twice below repeated roots', async () => {
    const gone = spawnSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' }).stdout.trim()
    expect(descendantLinks([Number(gone)])).toEqual([])
    expect(processTableSync([Number(gone)])).toEqual([])

    const root = shell('sleep 30 & wait')
    const [sleeper] = await settled(root, 'sleep', 1)
    // A seen descendant is walked from again as a root: its links are not doubled.
    const links = descendantLinks([root, sleeper as number, root])
    expect(links).toEqual([{ ppid: root, pid: sleeper }])
  })
})

describe('a watched tree, read from /proc', () => {
  it('remembers a setsid helper once its parent has exited, and kills it', async () => {
    const root = shell('sh -c "setsid sleep 30 & exec sleep 31" & exec sleep 32')
    const below = await settled(root, 'sleep', 2) // `sleep 31` (was the middle sh) and the helper
    const helper = ps().find((row) => below.includes(row.pid) && row.sid === row.pid)
    if (!helper) throw new Error('no helper')
    strays.add(helper.pid)

    const tree = watchTree(root)
    try {
      await expect.poll(() => tree.descendants.includes(helper.pid), { timeout: 3_000 }).toBe(true)
      kill(helper.ppid) // its parent exits: it is re-parented, out of the root's tree
      await waitGone(helper.ppid, 3_000)
      expect(psBelow(root)).not.toContain(helper.pid)

      await refreshTrees()
      expect(tree.descendants).toContain(helper.pid)
      tree.signal('SIGKILL')
      expect(await waitGone(helper.pid, 3_000)).toBe(true)
      expect(await isGone(root)).toBe(false) // only the descendants were signalled
    } finally {
      unwatchTree(tree)
    }
  })
})

describe('where /proc lists no children', () => {
  it('falls back to ps, async and sync, and still finds everything below', async () => {
    const bare = await tempFolder('discussions-bare-proc-')
    expect(procChildrenReadable(bare)).toBe(false)
    expect(tableSource(bare)).toBe('ps')

    const root = shell('sh -c "setsid sleep 30 & wait" & sleep 30 & wait')
    const below = await settled(root, 'sleep', 2)
    for (const pid of below) strays.add(pid)

    // ps lists the whole machine; the caller walks it from its roots.
    const table = await processTable([root], bare)
    expect(table.length).toBeGreaterThan(below.length)
    expect(table).toEqual(expect.arrayContaining(descendantLinks([root])))
    const tableSync = processTableSync([root], bare)
    expect(tableSync.length).toBeGreaterThan(below.length)
    expect(tableSync).toEqual(expect.arrayContaining(descendantLinks([root])))
  })
})

describe('a /proc with hostile or odd contents', () => {
  /** Writes a fake proc folder: `children[pid][tid]` is that thread's children file. */
  async function fakeProc(children: Record<number, Record<number, string>>): Promise<string> {
    const root = await tempFolder('discussions-fake-proc-')
    await mkdir(join(root, 'self', 'task', String(process.pid)), { recursive: true })
    await writeFile(join(root, 'self', 'task', String(process.pid), 'children'), '')
    for (const [pid, threads] of Object.entries(children)) {
      for (const [tid, text] of Object.entries(threads)) {
        await mkdir(join(root, pid, 'task', tid), { recursive: true })
        await writeFile(join(root, pid, 'task', tid, 'children'), text)
      }
    }
    // A thread folder without a children file (a thread that ended mid-read) and a stray entry.
    await mkdir(join(root, '100', 'task', '109'), { recursive: true })
    await writeFile(join(root, '100', 'task', 'not-a-thread'), '666 ')
    return root
  }

  it('walks every thread, ignores what is not a pid, and ends on a cycle', async () => {
    const proc = await fakeProc({
      100: { 100: '101 ', 105: '102 junk -7 3.5 1e3 \n' },
      101: { 101: '103 ' },
      102: { 102: '' },
      103: { 103: '100 101 ' }, // a loop back up: never walked twice
    })
    expect(tableSource(proc)).toBe('proc')
    const expected = [
      { ppid: 100, pid: 101 },
      { ppid: 100, pid: 102 },
      { ppid: 101, pid: 103 },
      { ppid: 103, pid: 100 },
      { ppid: 103, pid: 101 },
    ]
    const sortLinks = (links: ChildLink[]) =>
      [...links].sort((a, b) => a.ppid - b.ppid || a.pid - b.pid)
    expect(sortLinks(descendantLinks([100], proc))).toEqual(expected)
    expect(sortLinks(processTableSync([100], proc))).toEqual(expected)
    expect(sortLinks(await processTable([100], proc))).toEqual(expected)
  })
})
