/**
 * Runs that go on after their request has been answered (a council, a debate): at most one per
 * file, each with an id to cancel it by, and every window told how it went through `report`.
 */

import { BackendError } from './errors.js'

export interface RunReport<R> {
  runId: string
  path: string
  outcome: { ok: true; result: R } | { ok: false; error: unknown }
}

export class BackgroundRuns {
  readonly #running = new Map<string, { path: string; controller: AbortController }>()

  constructor(private readonly what: string) {}

  /** The run working on `path` now, if any. */
  on(path: string): string | null {
    return [...this.#running].find(([, run]) => run.path === path)?.[0] ?? null
  }

  /**
   * Starts `work` on `path` and returns its id at once; `settle` hears how it ended. Refused while
   * another run works on the same file: two would append the same steps twice.
   */
  launch<R>(
    path: string,
    work: (runId: string, signal: AbortSignal) => Promise<R>,
    settle: (report: RunReport<R>) => void,
  ): string {
    if (this.on(path))
      throw new BackendError(`This ${this.what} is already running; wait for it or cancel it.`)
    const runId = crypto.randomUUID()
    const controller = new AbortController()
    this.#running.set(runId, { path, controller })
    void work(runId, controller.signal)
      .then(
        (result) => settle({ runId, path, outcome: { ok: true, result } }),
        (error: unknown) => settle({ runId, path, outcome: { ok: false, error } }),
      )
      .finally(() => this.#running.delete(runId))
    return runId
  }

  /** Cancels the run `runId`; false when no such run is going on. */
  cancel(runId: string): boolean {
    const run = this.#running.get(runId)
    run?.controller.abort()
    return run !== undefined
  }

  cancelAll(): void {
    for (const run of this.#running.values()) run.controller.abort()
  }
}
