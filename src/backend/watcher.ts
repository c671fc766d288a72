/**
 * Watches the open folders and reports a discussion file that changed on disk (a turn appended to
 * it, a person edited it), so the UI can refresh without being asked. A few events per write are
 * folded into one per file.
 */
import { watch } from 'node:fs'
import type { FSWatcher } from 'node:fs'
import { join } from 'node:path'

import type { DiscussionChanged } from '../shared/contract/index.js'

const SETTLE_MS = 120

export class FolderWatcher {
  readonly #watchers = new Map<string, FSWatcher>()
  readonly #pending = new Map<string, ReturnType<typeof setTimeout>>()

  constructor(private readonly onChange: (change: DiscussionChanged) => void) {}

  watch(folder: string): void {
    if (this.#watchers.has(folder)) return
    try {
      const watcher = watch(folder, { persistent: false }, (_event, name) => {
        const file = name?.toString()
        if (!file?.endsWith('.md') || file.endsWith('.sum.md')) return
        this.#settle(join(folder, file), folder)
      })
      watcher.on('error', () => this.#unwatch(folder))
      this.#watchers.set(folder, watcher)
    } catch {
      // Watching is a convenience: R refreshes by hand where the platform cannot watch.
    }
  }

  #settle(path: string, folder: string): void {
    clearTimeout(this.#pending.get(path))
    this.#pending.set(
      path,
      setTimeout(() => {
        this.#pending.delete(path)
        this.onChange({ path, folder })
      }, SETTLE_MS),
    )
  }

  #unwatch(folder: string): void {
    this.#watchers.get(folder)?.close()
    this.#watchers.delete(folder)
  }

  close(): void {
    for (const folder of [...this.#watchers.keys()]) this.#unwatch(folder)
    for (const timer of this.#pending.values()) clearTimeout(timer)
    this.#pending.clear()
  }
}
