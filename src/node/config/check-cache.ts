/**
 * What a schema check gave, kept by build in the state folder, so that a process checking the
 * same input again takes the result instead of checking. Settings, personas and templates are
 * checked by every command that reads them, and on a warm run their schemas are then never even
 * built: zod builds a schema's parts when the schema is made, which with the checks themselves
 * was about 10 ms of a turn before its first provider started.
 *
 * One file per build (`<state>/checked/<build>.bin`) holds each checked value, V8-serialised, by
 * a hash of the schema's name and the input (as canonical text). Results are only kept for a
 * build named by the bundle's manifest (host.ts: runningBuild), since any build may change a
 * schema; running from source keeps nothing. Only a check that passed is kept: one that failed
 * runs again and reports its problems. A missing, torn or foreign file means checking again, and
 * one that cannot be written costs a check next time, nothing else. As a kept value is taken
 * without a check, the folder is only used when no other user can write into it (as the code
 * cache's, bin/run-bundle.cjs).
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import type { Stats } from 'node:fs'
import { join } from 'node:path'
import { deserialize, serialize } from 'node:v8'

import type * as z from 'zod'

import { readRegularFile } from '../files/read-regular-file.js'
import { processEnv, runningBuild } from '../host.js'
import { replaceDurably } from '../store/durable-write.js'
import { stateDir } from '../store/state-dir.js'

/** A schema loaded only when a check has to run: its module is imported then, not before. */
export interface LazySchema<T> {
  /** Names the schema in the cache: two schemas never share a name. */
  name: string
  load(): Promise<z.ZodType<T>>
}

/** Changes when what the file holds, or how an input is named, changes. */
const FORMAT = 'checked-2'
/**
 * What the file may hold, read whole by every command: the bundled personas and templates take
 * about 70 KB, so this leaves room for many projects' own. Past it, the results used least
 * recently go first.
 */
const MAX_BYTES = 1024 * 1024
const CACHE_FILE = /^[0-9a-f]{16}\.bin$/

interface Memo {
  file: string
  folder: string
  /** False when the folder is not ours alone: nothing is read from it or written into it. */
  usable: boolean
  existed: boolean
  entries: Map<string, Buffer>
  /** Bumped by each new entry, so a write knows whether entries came in while it ran. */
  version: number
  written: number
  writing: Promise<void> | null
}

const memos = new Map<string, Memo>()

/** The folder's stats; null when it is not there or cannot be looked at (a file in its path). */
function statOf(folder: string): Stats | null {
  try {
    return statSync(folder, { throwIfNoEntry: false }) ?? null
  } catch {
    return null
  }
}

function ownedPrivately(stats: Stats | null): boolean {
  if (stats === null || !stats.isDirectory()) return false
  if (typeof process.getuid !== 'function') return true
  return stats.uid === process.getuid() && (stats.mode & 0o022) === 0
}

function readEntries(file: string): Map<string, Buffer> | null {
  try {
    // Not a plain file, or far over the size the values are kept to (names and framing come on
    // top): not one this cache wrote.
    const held: unknown = deserialize(readRegularFile(file, 2 * MAX_BYTES))
    if (typeof held !== 'object' || held === null) return null
    const { format, entries } = held as { format?: unknown; entries?: unknown }
    if (format !== FORMAT || !Array.isArray(entries)) return null
    const map = new Map<string, Buffer>()
    for (const entry of entries as unknown[]) {
      if (!Array.isArray(entry)) return null
      const [key, value] = entry as unknown[]
      if (typeof key !== 'string' || !(value instanceof Uint8Array)) return null
      map.set(key, Buffer.from(value.buffer, value.byteOffset, value.byteLength))
    }
    return map
  } catch {
    return null
  }
}

/**
 * This build's memo, read once per process. Read synchronously: it is one small file, read before
 * the first check, when the process has nothing else to do.
 */
function memoFor(build: string, env: NodeJS.ProcessEnv): Memo {
  const folder = join(stateDir(env), 'checked')
  const file = join(folder, `${build}.bin`)
  const known = memos.get(file)
  if (known) return known
  const entries = readEntries(file)
  const memo: Memo = {
    file,
    folder,
    // A folder that is not there yet is made private when the first result is kept.
    usable: entries === null || ownedPrivately(statOf(folder)),
    existed: entries !== null,
    entries: entries ?? new Map<string, Buffer>(),
    version: 0,
    written: 0,
    writing: null,
  }
  if (!memo.usable) memo.entries.clear()
  memos.set(file, memo)
  return memo
}

/**
 * `input` as text that is the same for the same data however it was made. V8's serialiser is not:
 * a list the YAML parser made is written as a dense array, and the same list read back from the
 * YAML cache as a sparse one. Strings and numbers get a prefix, so neither can pass for the other
 * and `.nan` is not `null`; anything but plain data (a Date, a Map) throws, and is then checked,
 * not kept.
 */
function canonical(input: unknown): string {
  return JSON.stringify(input, function (this: unknown, key: string, value: unknown): unknown {
    const held = (this as Record<string, unknown>)[key] ?? value
    if (typeof held === 'string') return `s${held}`
    if (typeof held === 'number') return `n${Object.is(held, -0) ? '-0' : String(held)}`
    if (held === undefined) return 'u'
    if (held === null || typeof held === 'boolean') return held
    if (typeof held === 'object') {
      const prototype: unknown = Object.getPrototypeOf(held)
      if (Array.isArray(held) || prototype === Object.prototype || prototype === null) return held
    }
    throw new TypeError('not plain data')
  })
}

/** The entry's name for `input`; null for an input that is not plain data (it is then checked). */
function keyOf(name: string, input: unknown): string | null {
  try {
    return createHash('sha256')
      .update(name)
      .update('\0')
      .update(canonical(input))
      .digest('base64url')
  } catch {
    return null
  }
}

function serialised(value: unknown): Buffer | null {
  try {
    return serialize(value)
  } catch {
    return null
  }
}

async function write(memo: Memo): Promise<void> {
  // Tried once per new entry: a write that fails is not retried until another entry comes.
  memo.written = memo.version
  try {
    mkdirSync(memo.folder, { recursive: true, mode: 0o700 })
    if (!ownedPrivately(statOf(memo.folder))) return
    if (!memo.existed) {
      // A new build's file replaces the other builds': the folder never outgrows one build.
      for (const name of readdirSync(memo.folder))
        if (CACHE_FILE.test(name) && join(memo.folder, name) !== memo.file)
          rmSync(join(memo.folder, name), { force: true })
      memo.existed = true
    }
    const bytes = serialize({ format: FORMAT, entries: [...memo.entries] })
    // Not synced: a lost or torn file only costs the checks again.
    await replaceDurably(memo.file, bytes, memo.folder, { sync: false })
  } catch {
    // A memo that cannot be written costs the checks next time, nothing else.
  }
}

/** Writes the memo once the checks of this moment are done, and again if more came meanwhile. */
function scheduleWrite(memo: Memo): void {
  if (memo.writing) return
  memo.writing = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => write(memo))
    .finally(() => {
      memo.writing = null
      if (memo.written < memo.version) scheduleWrite(memo)
    })
}

/**
 * `check(schema)` for `input`, or what it gave for the same input under this build before.
 * `check` throws for an input that fails, and that is never kept.
 */
export async function checkedValue<T>(
  schema: LazySchema<T>,
  input: unknown,
  check: (loaded: z.ZodType<T>) => T,
  env: NodeJS.ProcessEnv = processEnv(),
): Promise<T> {
  const build = runningBuild()
  if (build === null) return check(await schema.load())
  const memo = memoFor(build, env)
  const key = keyOf(schema.name, input)
  if (key === null) return check(await schema.load())
  const kept = memo.entries.get(key)
  if (kept !== undefined) {
    // Used now: the newest, as the next write will keep it (the map's order is its age).
    memo.entries.delete(key)
    try {
      const value = deserialize(kept) as T
      memo.entries.set(key, kept)
      return value
    } catch {
      // A torn entry: checked again below.
    }
  }
  const value = check(await schema.load())
  const bytesOfValue = memo.usable ? serialised(value) : null
  if (bytesOfValue === null) return value
  memo.entries.set(key, bytesOfValue)
  let bytes = 0
  for (const entry of memo.entries.values()) bytes += entry.length
  for (const [oldest, entry] of memo.entries) {
    if (bytes <= MAX_BYTES) break
    memo.entries.delete(oldest)
    bytes -= entry.length
  }
  memo.version++
  scheduleWrite(memo)
  return value
}

/** Waits for the memo's pending write, if any (for tests and for a caller about to exit). */
export async function checkCacheWritten(): Promise<void> {
  for (const memo of memos.values()) while (memo.writing) await memo.writing
}

/** Forgets what this process read (tests: to read the file again as a new process would). */
export function forgetCheckCache(): void {
  memos.clear()
}
