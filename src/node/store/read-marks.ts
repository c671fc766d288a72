/**
 * How many comments a discussion had when a person last read it, per person and file, kept in a
 * small JSON file in the state folder (`read-marks.json`): what the terminal UI's "first unread"
 * jumps to next time. The app keeps the same mark in its page's storage.
 *
 * The file is replaced whole through the durable write (a crash leaves the old marks, never half
 * a file), and its content is checked entry by entry: anything else in it is ignored, not
 * trusted. Marks are a convenience, so a missing or read-only state folder never stops reading.
 */
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

import { ensureFolderInside, replaceDurably } from './durable-write.js'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './private-state.js'

/** The most marks kept; past it, the ones read longest ago go first. */
export const MAX_READ_MARKS = 1000

interface Mark {
  count: number
  /** When it was kept (ms since the epoch): which marks go first past MAX_READ_MARKS. */
  at: number
}

/** One key per person and file; a person is named case-insensitively, as authors are. */
const keyOf = (person: string, path: string): string => `${person.toLowerCase()}\u0000${path}`

function isMark(value: unknown): value is Mark {
  if (typeof value !== 'object' || value === null) return false
  const { count, at } = value as Record<string, unknown>
  return (
    typeof count === 'number' &&
    Number.isInteger(count) &&
    count >= 0 &&
    typeof at === 'number' &&
    Number.isFinite(at)
  )
}

export class ReadMarks {
  // Writes of this process one after another, so two marks kept at once are both kept.
  #writing: Promise<void> = Promise.resolve()

  constructor(private readonly file: string) {}

  static inStateFolder(stateFolder: string): ReadMarks {
    return new ReadMarks(join(stateFolder, 'read-marks.json'))
  }

  /** The count kept when `person` last read `path`; null when they never did (or it is unknown). */
  async get(person: string, path: string): Promise<number | null> {
    await this.#writing // what this process kept last is what it reads
    return (await this.#all()).get(keyOf(person, path))?.count ?? null
  }

  /** The counts kept for each of `paths` (null: never read), from one reading of the file. */
  async getMany(person: string, paths: readonly string[]): Promise<Map<string, number | null>> {
    await this.#writing
    const marks = await this.#all()
    return new Map(paths.map((path) => [path, marks.get(keyOf(person, path))?.count ?? null]))
  }

  /** Keeps `count` as what `person` has read of `path` now. */
  set(person: string, path: string, count: number): Promise<void> {
    const write = this.#writing.then(async () => {
      const marks = await this.#all()
      const key = keyOf(person, path)
      if (marks.get(key)?.count === count) return
      marks.delete(key) // re-added last: the newest
      marks.set(key, { count, at: Date.now() })
      const kept = [...marks].sort((a, b) => a[1].at - b[1].at).slice(-MAX_READ_MARKS)
      const folder = dirname(this.file)
      try {
        await ensureFolderInside(folder, folder, { mode: PRIVATE_FOLDER_MODE })
        await replaceDurably(this.file, `${JSON.stringify(Object.fromEntries(kept))}\n`, folder, {
          sync: false,
          mode: PRIVATE_FILE_MODE,
        })
      } catch {
        // A state folder that cannot be written: everything counts as new next time.
      }
    })
    this.#writing = write
    return write
  }

  async #all(): Promise<Map<string, Mark>> {
    try {
      const data = JSON.parse(await readFile(this.file, 'utf8')) as unknown
      if (typeof data !== 'object' || data === null || Array.isArray(data)) return new Map()
      return new Map(
        Object.entries(data).filter((entry): entry is [string, Mark] => isMark(entry[1])),
      )
    } catch {
      return new Map() // absent or unreadable: no marks
    }
  }
}
