/**
 * Watches folders and reports a discussion file that changed on disk (a turn appended to it, a
 * person edited it, an editor saved it by renaming a temp file over it, it was deleted), so a
 * window can refresh without being asked. chokidar hides what raw `fs.watch` does differently per
 * platform and editor (a rename-over reported as unlink + add, doubled events, network and WSL
 * file systems); the few events one save still makes are folded into one per file.
 */
import { basename, join } from 'node:path'

import { watch } from 'chokidar'
import type { FSWatcher } from 'chokidar'

import { Settle } from '../files/settle.js'
import { isDiscussionFileName } from './discussion-folder.js'

/** How long a file must stay quiet before its change is told: one save, one report. */
export const SETTLE_MS = 120

export interface DiscussionFileChange {
  /** The discussion file, inside `folder`. */
  path: string
  /** The watched folder it lies in. */
  folder: string
}

export class DiscussionWatcher {
  readonly #watchers = new Map<string, FSWatcher>()
  readonly #pending = new Settle<string>(SETTLE_MS)

  constructor(private readonly onChange: (change: DiscussionFileChange) => void) {}

  /**
   * Watches the discussions directly in `folder` (idempotent). Resolves once changes are seen;
   * never rejects: watching is a convenience, and where the platform cannot watch the person
   * refreshes by hand.
   */
  watch(folder: string): Promise<void> {
    if (this.#watchers.has(folder)) return Promise.resolve()
    const watcher = watch(folder, {
      depth: 0,
      ignoreInitial: true,
      persistent: false,
      // An editor's "delete, then write anew" within this window is one change, not two events.
      atomic: true,
    })
    this.#watchers.set(folder, watcher)
    const report = (path: string): void => {
      if (isDiscussionFileName(basename(path))) this.#settle(join(folder, basename(path)), folder)
    }
    watcher.on('add', report).on('change', report).on('unlink', report)
    return new Promise((resolve) => {
      watcher.once('ready', resolve)
      watcher.once('error', () => {
        this.#unwatch(folder)
        resolve()
      })
    })
  }

  #settle(path: string, folder: string): void {
    this.#pending.event(path, () => this.onChange({ path, folder }))
  }

  #unwatch(folder: string): void {
    void this.#watchers.get(folder)?.close()
    this.#watchers.delete(folder)
  }

  /** Stops watching every folder; changes still settling are not told. */
  close(): void {
    for (const folder of [...this.#watchers.keys()]) this.#unwatch(folder)
    this.#pending.clear()
  }
}
