/**
 * Watches where settings live (a `providers.yaml`, a layer's `personas/` and `templates/`) and
 * reports, once a burst of events settles, which watched place changed, so the app can read its
 * settings again while it runs. One chokidar watcher per place; it descends only into the paths
 * settings are read from and never follows a link (the loaders read nothing outside either).
 */
import { existsSync } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'

import { watch } from 'chokidar'
import type { FSWatcher } from 'chokidar'

import { isBelow, isInside } from '../files/is-inside.js'
import { Settle } from '../files/settle.js'
import { PROVIDERS_FILE } from '../providers/load-providers.js'

/** How long settings files must stay quiet before a change is told: an editor's save is several events. */
export const SETTINGS_SETTLE_MS = 150

/** One place settings are read from: a providers.yaml's folder and a layer's registry folder. */
export interface SettingsPlace {
  /** The folder holding `providers.yaml` (a project's root, the user config folder). */
  root: string
  /** The folder holding `personas/` and `templates/` (the project's data folder, or `root`). */
  registry: string
}

/** The files and folders of `place` a change of settings can come from. */
function watchedPaths(place: SettingsPlace): { files: string[]; folders: string[] } {
  return {
    files: [resolve(place.root, PROVIDERS_FILE)],
    folders: [resolve(place.registry, 'personas'), resolve(place.registry, 'templates')],
  }
}

/** Whether a path lies on the way to, or inside, what `place` reads settings from. */
export function isSettingsPath(place: SettingsPlace, path: string): boolean {
  const { files, folders } = watchedPaths(place)
  const target = resolve(path)
  if (!isInside(resolve(place.root), target)) return false
  // The wanted path itself, a path inside it, or a folder on the way to it.
  const near = (wanted: string): boolean =>
    target === wanted || isBelow(wanted, target) || isBelow(target, wanted)
  return target === resolve(place.root) || files.includes(target) || folders.some(near)
}

export class SettingsWatcher {
  readonly #watchers = new Map<string, FSWatcher>()
  readonly #pending = new Settle<string>(SETTINGS_SETTLE_MS)

  constructor(private readonly onChange: (place: SettingsPlace) => void) {}

  /** Watches one place (idempotent by root); resolves once changes are seen, never rejects. */
  watch(place: SettingsPlace): Promise<void> {
    const key = resolve(place.root)
    if (this.#watchers.has(key)) return Promise.resolve()
    // A user config folder made only later (the first providers.yaml) is seen from the nearest
    // folder that exists, descending only along the way to it.
    const base = nearestFolder(key)
    const below = relative(base, key).split(sep).filter(Boolean).length
    const onTheWay = (path: string): boolean => isInside(base, path) && isBelow(path, key)
    const watcher = watch(base, {
      ignoreInitial: true,
      persistent: false,
      followSymlinks: false,
      atomic: true,
      // root/.discussions/personas/x.yaml is three levels below the root.
      depth: below + 3,
      ignored: (path) => !(isSettingsPath(place, path) || onTheWay(resolve(path))),
    })
    this.#watchers.set(key, watcher)
    const report = (): void => this.#pending.event(key, () => this.onChange(place))
    for (const event of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const)
      watcher.on(event, report)
    return new Promise((done) => {
      watcher.once('ready', done)
      watcher.once('error', () => {
        // A place that cannot be watched (no such folder yet, no permission): refreshing still works.
        void watcher.close()
        this.#watchers.delete(key)
        done()
      })
    })
  }

  /** Stops watching every place; changes still settling are not told. */
  close(): void {
    for (const watcher of this.#watchers.values()) void watcher.close()
    this.#watchers.clear()
    this.#pending.clear()
  }
}

/** `folder` when it exists, else its nearest parent that does. */
function nearestFolder(folder: string): string {
  let current = folder
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current)
  return current
}
