/**
 * Folds a burst of events into one report per key: the report is made once the key has been
 * quiet for `ms` (an editor's save is several file events; the watchers tell it once).
 */
export class Settle<K> {
  readonly #pending = new Map<K, ReturnType<typeof setTimeout>>()

  constructor(private readonly ms: number) {}

  /** Calls `report` once `key` stays quiet for the settle time; an earlier call is dropped. */
  event(key: K, report: () => void): void {
    clearTimeout(this.#pending.get(key))
    this.#pending.set(
      key,
      setTimeout(() => {
        this.#pending.delete(key)
        report()
      }, this.ms),
    )
  }

  /** Drops every report still settling. */
  clear(): void {
    for (const timer of this.#pending.values()) clearTimeout(timer)
    this.#pending.clear()
  }
}
