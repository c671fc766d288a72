/**
 * The turns the app knows of, one per discussion, kept outside React: progress keeps arriving
 * while the discussion is not on screen (the person went back to the list), and events can arrive
 * before `turns:start` has answered with the turn's id. Also shows a turn another window started.
 */
import type { Api, TurnProgress } from '@shared/contract/index.js'
import { outlineOf, sameOutline } from './turn-outline.js'
import type { TurnOutline } from './turn-outline.js'
import { applyProgress, retryTurn, startTurn } from './turn-state.js'
import type { ParticipantRow, TurnRequest, TurnState } from './turn-state.js'

export class TurnStore {
  readonly #turns = new Map<string, TurnState>()
  readonly #listeners = new Set<() => void>()
  /** Retries asked for and not yet answered by `turns:start`: their turn keeps the earlier rows. */
  readonly #retries = new Map<string, { previous: TurnState; aliases: readonly string[] }>()

  constructor(subscribe: Api['events']['turns']['progress']) {
    subscribe((progress) => this.#apply(progress))
  }

  /** The last outline handed out per discussion: kept while a new state differs only in text. */
  readonly #outlines = new Map<string, TurnOutline>()

  get(path: string): TurnState | null {
    return this.#turns.get(path) ?? null
  }

  /**
   * The turn without its streamed text, the same object until something besides text changes:
   * a view of the thread subscribed to it is not drawn again for each token.
   */
  outline(path: string): TurnOutline | null {
    const turn = this.#turns.get(path)
    if (!turn) return null
    const kept = this.#outlines.get(path)
    if (kept && sameOutline(kept, turn)) return kept
    const outline = outlineOf(turn)
    this.#outlines.set(path, outline)
    return outline
  }

  /** One participant's row, the same object until that row changes: what its card draws. */
  row(path: string, alias: string): ParticipantRow | null {
    return this.#turns.get(path)?.rows.find((row) => row.alias === alias) ?? null
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** The turn `turns:start` answered with; keeps what its early events already said. */
  started(turnId: string, path: string, aliases: readonly string[], request?: TurnRequest): void {
    const current = this.#turns.get(path)
    const fresh = this.#fresh(turnId, path, aliases, request)
    this.#retries.delete(path)
    if (current?.turnId !== turnId) return this.#set(path, fresh)
    const known = new Set(current.rows.map((row) => row.alias))
    this.#set(path, {
      ...current,
      rows: [...current.rows, ...fresh.rows.filter((row) => !known.has(row.alias))],
      request: fresh.request,
    })
  }

  /** The person asked some participants of the shown turn again (a retry is a new turn). */
  retrying(path: string, aliases: readonly string[]): void {
    const previous = this.#turns.get(path)
    if (previous) this.#retries.set(path, { previous, aliases })
  }

  /** The retry did not start: the earlier turn stays as it was. */
  retryFailed(path: string): void {
    this.#retries.delete(path)
  }

  /** The person pressed Cancel: what stops from now on shows as cancelled. */
  cancelRequested(path: string): void {
    const current = this.#turns.get(path)
    if (current) this.#set(path, { ...current, cancelRequested: true })
  }

  /** The person moved the phase back to where the turn found it. */
  phaseUndone(path: string): void {
    const current = this.#turns.get(path)
    if (current) this.#set(path, { ...current, phaseUndone: true })
  }

  #fresh(
    turnId: string,
    path: string,
    aliases: readonly string[],
    request?: TurnRequest,
  ): TurnState {
    const retry = this.#retries.get(path)
    if (retry) return retryTurn(retry.previous, turnId, retry.aliases)
    return startTurn(turnId, path, aliases, request)
  }

  close(path: string): void {
    this.#turns.delete(path)
    this.#outlines.delete(path)
    this.#notify()
  }

  #apply(progress: TurnProgress): void {
    const current = this.#turns.get(progress.path)
    const base =
      current?.turnId === progress.turnId
        ? current
        : this.#fresh(progress.turnId, progress.path, [])
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
    store = new TurnStore(api.events.turns.progress)
    stores.set(api, store)
  }
  return store
}
