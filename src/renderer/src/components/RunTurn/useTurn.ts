import { useCallback, useEffect, useState } from 'react'

import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { notifyError } from '../../notify'
import { applyProgress, isFinished, startTurn } from './turn-state'
import type { TurnState } from './turn-state'

/** The turn shown for one discussion: started here, followed through `turn:progress` events. */
export function useTurn(path: string) {
  const api = useApi()
  const [turn, setTurn] = useState<TurnState | null>(null)

  useEffect(
    () =>
      api.events.turn.progress((progress) => {
        if (progress.path !== path) return
        setTurn((current) => (current ? applyProgress(current, progress) : current))
      }),
    [api, path],
  )

  const started = useCallback(
    (turnId: string, aliases: string[]) => setTurn(startTurn(turnId, path, aliases)),
    [path],
  )
  const cancel = useCallback(() => {
    if (!turn) return
    call(api.turns.cancel({ turnId: turn.turnId })).catch((error: unknown) =>
      notifyError(error instanceof Error ? error.message : String(error)),
    )
  }, [api, turn])
  const close = useCallback(() => setTurn(null), [])

  return { turn, running: turn !== null && !isFinished(turn), started, cancel, close }
}
