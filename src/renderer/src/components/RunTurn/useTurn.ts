import { useCallback, useSyncExternalStore } from 'react'

import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { notifyError } from '../../notify'
import { isFinished } from './turn-state'
import { turnStoreFor } from './turn-store'

/** The turn shown for one discussion, from the page-wide turn store. */
export function useTurn(path: string) {
  const api = useApi()
  const store = turnStoreFor(api)
  const turn = useSyncExternalStore(
    useCallback((listener: () => void) => store.subscribe(listener), [store]),
    () => store.get(path),
  )
  const started = useCallback(
    (turnId: string, aliases: string[]) => store.started(turnId, path, aliases),
    [store, path],
  )
  const cancel = useCallback(() => {
    if (!turn) return
    call(api.turns.cancel({ turnId: turn.turnId })).catch((error: unknown) =>
      notifyError(error instanceof Error ? error.message : String(error)),
    )
  }, [api, turn])
  const close = useCallback(() => store.close(path), [store, path])

  return { turn, running: turn !== null && !isFinished(turn), started, cancel, close }
}
