/**
 * The turns the app knows of, one per discussion, kept outside React: progress keeps arriving
 * while the discussion is not on screen (the person went back to the list), and events can arrive
 * before `turns:start` has answered with the turn's id. Also shows a turn another window started.
 */
import type { Api, TurnProgress } from '../../../../shared/contract/index.js'
import { applyProgress, startTurn } from './turn-state.js'
import type { TurnState } from './turn-state.js'

export class TurnStore {
  readonly #turns = new Map<string, TurnState>()
  readonly #listeners = new Set<() => void>()

  constructor(subscribe: Api['events']['turn']['progress']) {
    subscribe((progress) => this.#apply(progress))
  }

  get(path: string): TurnState | null {
    return this.#turns.get(path) ?? null
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** The turn `turns:start` answered with; keeps what its early events already said. */
  started(turnId: string, path: string, aliases: readonly string[]): void {
    const current = this.#turns.get(path)
    const fresh = startTurn(turnId, path, aliases)
    if (current?.turnId !== turnId) return this.#set(path, fresh)
    const known = new Set(current.rows.map((row) => row.alias))
    this.#set(path, {
      ...current,
      rows: [...current.rows, ...fresh.rows.filter((row) => !known.has(row.alias))],
    })
  }

  close(path: string): void {
    this.#turns.delete(path)
    this.#notify()
  }

  #apply(progress: TurnProgress): void {
    const current = this.#turns.get(progress.path)
    const base =
      current?.turnId === progress.turnId ? current : startTurn(progress.turnId, progress.path, [])
    this.#set(progress.path, applyProgress(base, progress))
  }

  #set(path: string, state: TurnState): void {
    this.#turns.set(path, state)
    this.#notify()
  }

  #notify(): void {
    for (const listener of this.#listeners) listener()
  }
}

const stores = new WeakMap<Api, TurnStore>()

/** One store per contract client, subscribed for the life of the page. */
export function turnStoreFor(api: Api): TurnStore {
  let store = stores.get(api)
  if (!store) {
    store = new TurnStore(api.events.turn.progress)
    stores.set(api, store)
  }
  return store
}
