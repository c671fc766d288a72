/**
 * The append journal: what this app appended to each discussion file (author and body of each
 * answer or comment), kept in the state folder, never beside the user's files. An editor that
 * saves a buffer opened before our appends writes the file back without them; the journal is how
 * those answers are found and appended again (see `journal-restore.ts`).
 *
 * One JSON line per append in `<state>/journal/<hash of the real path>.jsonl`. Entries older than
 * `maxAgeMs` or beyond the newest `maxEntries` are dropped when the file is compacted, so a
 * journal stays small and an answer removed on purpose long ago is not brought back.
 */
import { createHash } from 'node:crypto'
import { readFile, realpath, stat } from 'node:fs/promises'
import { join } from 'node:path'

import { appendOrCreate, replaceDurably } from './durable-write.js'
import { PRIVATE_FILE_MODE, privateStateFolder } from './private-state.js'

export interface JournalEntry {
  /** When it was appended (ms since the epoch). */
  at: number
  author: string
  /** The comment body as the parser reads it back (escapes undone, VOTE line included). */
  body: string
  /** Set for a phase change the app recorded (author and body are then empty). */
  phase?: { from: string; to: string }
}

export type NewJournalEntry = Omit<JournalEntry, 'at'>

export interface JournalOptions {
  /** Default: one day. */
  maxAgeMs?: number
  /** Per file; default 500. */
  maxEntries?: number
  now?: () => number
}

const DAY_MS = 24 * 60 * 60 * 1000
const COMPACT_BYTES = 4 * 1024 * 1024

function isEntry(value: unknown): value is JournalEntry {
  const entry = value as Partial<JournalEntry> | null
  const phase = entry?.phase as { from?: unknown; to?: unknown } | undefined
  return (
    typeof entry?.at === 'number' &&
    typeof entry.author === 'string' &&
    typeof entry.body === 'string' &&
    (phase === undefined || (typeof phase.from === 'string' && typeof phase.to === 'string'))
  )
}

export class AppendJournal {
  readonly #stateDir: string
  readonly #folder: string
  readonly #maxAgeMs: number
  readonly #maxEntries: number
  readonly #now: () => number

  constructor(stateDir: string, options: JournalOptions = {}) {
    this.#stateDir = stateDir
    this.#folder = join(stateDir, 'journal')
    this.#maxAgeMs = options.maxAgeMs ?? DAY_MS
    this.#maxEntries = options.maxEntries ?? 500
    this.#now = options.now ?? Date.now
  }

  async #fileFor(path: string): Promise<string> {
    let real: string
    try {
      real = await realpath(path)
    } catch {
      real = path // gone: its journal is looked up by the name it had
    }
    const key = createHash('sha256').update(real).digest('hex').slice(0, 32)
    return join(this.#folder, `${key}.jsonl`)
  }

  async record(path: string, entry: NewJournalEntry): Promise<void> {
    await this.recordAll(path, [entry])
  }

  /** Records several entries with one append (a group commit's comments). */
  async recordAll(path: string, entries: readonly NewJournalEntry[]): Promise<void> {
    if (entries.length === 0) return
    await privateStateFolder(this.#stateDir, 'journal')
    const at = this.#now()
    const lines = entries.map((entry) => `${JSON.stringify({ at, ...entry })}\n`).join('')
    const file = await this.#fileFor(path)
    await appendOrCreate(file, lines, this.#folder, { sync: false })
    // Compacted now and then, by size, so recording an answer stays one small append.
    if ((await stat(file)).size > COMPACT_BYTES)
      await this.#write(file, this.#fresh(await this.#read(file)))
  }

  /** The entries still in force, oldest first. */
  async entries(path: string): Promise<JournalEntry[]> {
    return this.#fresh(await this.#read(await this.#fileFor(path)))
  }

  #fresh(entries: JournalEntry[]): JournalEntry[] {
    const since = this.#now() - this.#maxAgeMs
    return entries.filter((entry) => entry.at >= since).slice(-this.#maxEntries)
  }

  async #read(file: string): Promise<JournalEntry[]> {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch {
      return []
    }
    const entries: JournalEntry[] = []
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue
      try {
        const value = JSON.parse(line) as unknown
        if (isEntry(value)) entries.push(value)
      } catch {
        // A line cut short by a crash: the others still count.
      }
    }
    return entries
  }

  async #write(file: string, entries: JournalEntry[]): Promise<void> {
    await replaceDurably(
      file,
      entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''),
      this.#folder,
      { mode: PRIVATE_FILE_MODE },
    )
  }
}
