import { useCallback, useSyncExternalStore } from 'react'

import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { notifyError } from '../../notify'
import { isFinished } from './turn-state'
import type { ParticipantRow, TurnRequest } from './turn-state'
import { turnStoreFor } from './turn-store'

/**
 * The turn shown for one discussion, from the page-wide turn store, as its outline: a component
 * using it is drawn again when a participant's state changes, not for each streamed token (the
 * text is each pending card's own, through `useTurnRow`).
 */
export function useTurn(path: string) {
  const api = useApi()
  const store = turnStoreFor(api)
  const turn = useSyncExternalStore(
    useCallback((listener: () => void) => store.subscribe(listener), [store]),
    () => store.outline(path),
  )
  const started = useCallback(
    (turnId: string, aliases: string[], request?: TurnRequest) =>
      store.started(turnId, path, aliases, request),
    [store, path],
  )
  const cancel = useCallback(() => {
    if (!turn) return
    store.cancelRequested(path)
    call(api.turns.cancel({ turnId: turn.turnId })).catch((error: unknown) =>
      notifyError(error instanceof Error ? error.message : String(error)),
    )
  }, [api, store, path, turn])
  /** Asks failed participants again, with the turn's callout and provider. */
  const retry = useCallback(
    (aliases: string[]) => {
      if (!turn || aliases.length === 0) return
      const { callout, provider } = turn.request
      store.retrying(path, aliases)
      call(
        api.turns.start({
          path,
          participants: aliases,
          ...(callout ? { callout } : {}),
          ...(provider ? { provider } : {}),
        }),
      ).then(
        ({ turnId }) => store.started(turnId, path, aliases, turn.request),
        (error: unknown) => {
          store.retryFailed(path)
          notifyError(error instanceof Error ? error.message : String(error), 'No retry')
        },
      )
    },
    [api, store, path, turn],
  )
  const close = useCallback(() => store.close(path), [store, path])
  /**
   * Moves the phase back to where the turn found it: the same engine call as `advance --to`, so
   * the file records the transition and a vote reset exactly as the CLI would.
   */
  const undoPhase = useCallback(async () => {
    const from = turn?.phase?.to ? turn.phase.from : null
    if (!from || turn?.phaseUndone) return
    try {
      await call(api.phases.advance({ path, to: from }))
      store.phaseUndone(path)
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Phase not moved back')
    }
  }, [api, store, path, turn])

  return {
    turn,
    running: turn !== null && !isFinished(turn),
    started,
    cancel,
    retry,
    close,
    undoPhase,
  }
}

/** One participant's row of the discussion's turn, text included: drawn again for each token. */
export function useTurnRow(path: string, alias: string): ParticipantRow | null {
  const store = turnStoreFor(useApi())
  return useSyncExternalStore(
    useCallback((listener: () => void) => store.subscribe(listener), [store]),
    () => store.row(path, alias),
  )
}
