/**
 * A lock that coordinates our own writers (the CLI, the app, several of each) on one discussion
 * file. It is a file created exclusively in the state folder holding the owner's pid and host.
 * A lock whose owner process is gone is taken over at once (a SIGKILLed CLI must not stall the
 * next writer), and one older than `staleMs` whatever its owner (another host, a reused pid).
 * Editors ignore it: it orders our writes, it does not protect against theirs.
 */
import { randomUUID } from 'node:crypto'
import { link, mkdir, readFile, rename, stat, unlink } from 'node:fs/promises'
import { hostname } from 'node:os'
import { dirname } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

import { createDurably } from './durable-write.js'

export interface LockOptions {
  /** Give up after this long (default 15 s). */
  timeoutMs?: number
  /** Break a lock older than this, whatever its owner (default 30 s). */
  staleMs?: number
}

export class LockTimeoutError extends Error {}

interface LockOwner {
  pid: number
  host: string
  token: string
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function readOwner(path: string): Promise<LockOwner | null> {
  try {
    const owner = JSON.parse(await readFile(path, 'utf8')) as Partial<LockOwner>
    return typeof owner.pid === 'number' &&
      typeof owner.host === 'string' &&
      typeof owner.token === 'string'
      ? { pid: owner.pid, host: owner.host, token: owner.token }
      : null
  } catch {
    return null // being written right now, or gone
  }
}

/** The abandoned lock's owner (null token when unreadable), or undefined when the lock is live. */
async function abandonedOwner(
  path: string,
  staleMs: number,
): Promise<{ token: string | null } | undefined> {
  let mtimeMs: number
  try {
    mtimeMs = (await stat(path)).mtimeMs
  } catch {
    return undefined // released meanwhile: just try again
  }
  const owner = await readOwner(path)
  if (owner && owner.host === hostname() && !isAlive(owner.pid)) return { token: owner.token }
  // An unreadable owner right after creation is a writer mid-way; only age breaks it.
  return Date.now() - mtimeMs > staleMs ? { token: owner?.token ?? null } : undefined
}

/**
 * Moves an abandoned lock aside atomically. If what was moved is not the lock judged abandoned
 * (another breaker was quicker and a new owner took the lock), it is put back.
 */
async function breakLock(path: string, judged: { token: string | null }): Promise<void> {
  const aside = `${path}.${randomUUID()}.broken`
  try {
    await rename(path, aside)
  } catch {
    return // someone else broke or released it first
  }
  const moved = await readOwner(aside)
  if (judged.token !== null && moved && moved.token !== judged.token) {
    await link(aside, path).catch(() => undefined)
  }
  await unlink(aside).catch(() => undefined)
}

export async function acquireLock(
  path: string,
  options: LockOptions = {},
): Promise<() => Promise<void>> {
  const timeoutMs = options.timeoutMs ?? 15_000
  const staleMs = options.staleMs ?? 30_000
  const deadline = Date.now() + timeoutMs
  await mkdir(dirname(path), { recursive: true, mode: 0o700 })
  for (let attempt = 0; ; attempt++) {
    try {
      const token = randomUUID()
      // The exclusive create is what takes the lock (EEXIST: someone holds it). Not synced: a
      // lock that a power cut loses was held by a process that is gone with it.
      await createDurably(
        path,
        JSON.stringify({ pid: process.pid, host: hostname(), token }),
        dirname(path),
        { sync: false, mode: 0o600 },
      )
      return async () => {
        // Release only our own lock: a breaker may have judged ours abandoned (a long stall).
        if ((await readOwner(path))?.token === token) await unlink(path).catch(() => undefined)
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const abandoned = await abandonedOwner(path, staleMs)
    if (abandoned) {
      await breakLock(path, abandoned)
      continue
    }
    if (Date.now() > deadline) {
      const owner = await readOwner(path)
      throw new LockTimeoutError(
        `Another process${owner ? ` (pid ${owner.pid})` : ''} is still writing this discussion; try again in a moment, or delete ${path} if no other discussions process is running.`,
      )
    }
    await sleep(Math.min(5 + attempt * 5, 50))
  }
}

/**
 * Work waiting for each lock file in this process. Writers in one process queue here instead of
 * polling the lock file, so a turn's parallel answers are appended back to back; the lock file
 * still keeps other processes out.
 */
const queues = new Map<string, Promise<unknown>>()

export function withLock<T>(
  path: string,
  work: () => Promise<T>,
  options?: LockOptions,
): Promise<T> {
  const previous = queues.get(path) ?? Promise.resolve()
  const run = previous
    .catch(() => undefined) // the previous writer's failure is its own
    .then(async () => {
      const release = await acquireLock(path, options)
      try {
        return await work()
      } finally {
        await release()
      }
    })
  queues.set(path, run)
  const forget = (): void => {
    if (queues.get(path) === run) queues.delete(path)
  }
  run.then(forget, forget)
  return run
}
