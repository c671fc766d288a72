/**
 * Turns, councils and debates a client started: each runs in the background under an id the
 * start tool returns at once, so a client's tool timeout (about 60 s) never ends one; a status
 * tool waits on it for at most `wait_s`, waking when something notable happens. At most one run
 * works on a file at a time; finished runs are kept a while for their last status.
 */
import { DiscussionError } from '../core/errors.js'

export type RunKind = 'turn' | 'council' | 'debate'
export type RunState = 'running' | 'finished' | 'failed' | 'cancelled'

/** How many finished runs are remembered; older ones are forgotten first. */
const KEPT_FINISHED = 50

export class Run<P> {
  state: RunState = 'running'
  error: string | null = null
  readonly startedAt = new Date()
  finishedAt: Date | null = null
  /** Counts notable changes, so a waiter can tell that something happened. */
  #changes = 0
  readonly #waiters = new Set<() => void>()

  constructor(
    readonly id: string,
    readonly kind: RunKind,
    readonly path: string,
    public progress: P,
    readonly controller: AbortController,
  ) {}

  /** Records progress; `notable` wakes the status calls waiting on this run. */
  update(progress: P, notable: boolean): void {
    this.progress = progress
    if (notable) this.#wake()
  }

  settle(state: Exclude<RunState, 'running'>, error: string | null = null): void {
    this.state = state
    this.error = error
    this.finishedAt = new Date()
    this.#wake()
  }

  /**
   * Resolves when the run changes notably or ends, after `seconds`, or when `signal` aborts (the
   * client gave up); `tick` is called every second meanwhile (progress notifications).
   */
  async wait(seconds: number, signal: AbortSignal, tick: () => void): Promise<void> {
    if (this.state !== 'running' || seconds <= 0) return
    const seen = this.#changes
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer)
        clearInterval(ticker)
        signal.removeEventListener('abort', done)
        this.#waiters.delete(wake)
        resolve()
      }
      const wake = (): void => {
        if (this.#changes !== seen || this.state !== 'running') done()
      }
      const timer = setTimeout(done, seconds * 1000)
      const ticker = setInterval(tick, 1000)
      signal.addEventListener('abort', done)
      this.#waiters.add(wake)
    })
  }

  #wake(): void {
    this.#changes++
    for (const waiter of [...this.#waiters]) waiter()
  }
}

export class Runs {
  readonly #runs = new Map<string, Run<unknown>>()

  /**
   * Starts `work` on `path` and returns its run at once; refused while another run works on the
   * same file (two would append the same answers twice). `work` reports through the run;
   * `controller` stops it (one given when the work was prepared with its signal).
   */
  start<P>(
    kind: RunKind,
    path: string,
    initial: P,
    work: (run: Run<P>, signal: AbortSignal) => Promise<{ cancelled: boolean }>,
    controller = new AbortController(),
  ): Run<P> {
    const busy = [...this.#runs.values()].find(
      (run) => run.path === path && run.state === 'running',
    )
    if (busy)
      throw new DiscussionError(
        `A ${busy.kind} is already running on this file (run ${busy.id}); wait for it with ${busy.kind}_status.`,
      )
    const run = new Run(crypto.randomUUID(), kind, path, initial, controller)
    this.#runs.set(run.id, run)
    void work(run, run.controller.signal).then(
      ({ cancelled }) => run.settle(cancelled ? 'cancelled' : 'finished'),
      (error: unknown) =>
        run.settle('failed', error instanceof Error ? error.message : String(error)),
    )
    this.#forgetOld()
    return run
  }

  /** The run `id` of this kind; a clear refusal for an id this server never gave. */
  get<P>(id: string, kind: RunKind): Run<P> {
    const run = this.#runs.get(id)
    if (run?.kind !== kind)
      throw new DiscussionError(
        `No ${kind} run with id "${id}"; run_${kind} returns the id (runs end when the server stops).`,
      )
    return run as Run<P>
  }

  /** Stops every run (the client went away); what arrived is kept in the files. */
  cancelAll(): void {
    for (const run of this.#runs.values()) run.controller.abort()
  }

  #forgetOld(): void {
    const finished = [...this.#runs.values()].filter((run) => run.state !== 'running')
    for (const run of finished.slice(0, Math.max(0, finished.length - KEPT_FINISHED)))
      this.#runs.delete(run.id)
  }
}
