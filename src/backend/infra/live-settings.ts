/**
 * Settings that follow the disk while the app runs: each open folder's providers.yaml, personas
 * and templates (its project's and the user's) are watched; on a change they are read again into
 * a new engine, compared with the last sound reading, and every window is told what changed.
 * A reading with a new problem (a broken file) is not taken: the engine read before stays in use
 * and the windows are told what is wrong, with file and line, until the file is fixed.
 */
import { diffSettings } from '../../core/config/settings-diff.js'
import {
  ConfigError,
  readSettings,
  settingsPlaces,
  SettingsWatcher,
} from '../../node/engine/index.js'
import type { SettingsPlace, SettingsReading } from '../../node/engine/index.js'
import type { EventListener } from './context.js'
import type { Engines } from './engines.js'
import { errorMessage } from './router.js'

interface WatchedFolder {
  /** The last reading taken into use: what the windows show (null: not read yet, or unreadable). */
  reading: SettingsReading | null
  places: SettingsPlace[]
  /** Whether the last reading was refused (the windows were told a file is broken). */
  refused: boolean
  /** The reading under way: one at a time per folder, in order. */
  queue: Promise<void>
}

export class LiveSettings {
  readonly #folders = new Map<string, WatchedFolder>()
  readonly #watcher = new SettingsWatcher((place) => this.#placeChanged(place))
  #closed = false

  constructor(
    private readonly engines: Engines,
    private readonly emit: EventListener,
  ) {}

  /**
   * Starts following `folder`'s settings (idempotent): resolves once its places are watched. The
   * first reading (what later changes are told against) is taken meanwhile, off the way of the
   * window's start; changes wait for it.
   */
  async watch(folder: string): Promise<void> {
    if (this.#folders.has(folder) || this.#closed) return
    let engine
    try {
      // An engine of its own: the one requests use is made when the first asks (as before the
      // settings were watched), so what is written before then is what they see.
      engine = await this.engines.open(folder)
    } catch {
      // Settings that cannot be read at all say so when a request needs them; nothing to follow.
      return
    }
    const places = settingsPlaces(engine)
    const watched: WatchedFolder = {
      reading: null,
      places,
      refused: false,
      queue: Promise.resolve(),
    }
    watched.queue = readSettings(engine).then(
      (reading) => void (watched.reading = reading),
      () => {}, // unreadable now: the next sound reading is taken as it is
    )
    this.#folders.set(folder, watched)
    await Promise.all(places.map((place) => this.#watcher.watch(place)))
  }

  #placeChanged(place: SettingsPlace): void {
    for (const [folder, watched] of this.#folders) {
      if (!watched.places.some((one) => one.root === place.root)) continue
      // A reading that failed unexpectedly must not stop the ones after it.
      watched.queue = watched.queue.then(() => this.#readAgain(folder, watched)).catch(() => {})
    }
  }

  async #readAgain(folder: string, watched: WatchedFolder): Promise<void> {
    if (this.#closed) return
    let reading: SettingsReading
    let engine
    try {
      engine = await this.engines.open(folder)
      reading = await readSettings(engine)
    } catch (error) {
      const problem = error instanceof ConfigError ? error.messageFrom(folder) : errorMessage(error)
      this.#refuse(folder, watched, [problem])
      return
    }
    const before = watched.reading
    if (!before) {
      watched.reading = reading
      this.engines.install(folder, engine)
      return
    }
    const fresh = reading.problems.filter((problem) => !before.problems.includes(problem))
    if (fresh.length > 0) {
      this.#refuse(folder, watched, fresh)
      return
    }
    if (this.#closed) return
    const changes = diffSettings(before.snapshot, reading.snapshot)
    const wasRefused = watched.refused
    watched.reading = reading
    watched.refused = false
    this.engines.install(folder, engine)
    // After a refusal the windows hear that all is read again, even when nothing else changed.
    if (changes.length > 0 || wasRefused || reading.problems.length < before.problems.length)
      this.emit('workspace:settingsChanged', { folder, changes, problems: [] })
  }

  #refuse(folder: string, watched: WatchedFolder, problems: string[]): void {
    if (this.#closed) return
    watched.refused = true
    this.emit('workspace:settingsChanged', { folder, changes: [], problems })
  }

  /** Stops every watcher; readings under way are not told. */
  close(): void {
    this.#closed = true
    this.#watcher.close()
    this.#folders.clear()
  }
}
