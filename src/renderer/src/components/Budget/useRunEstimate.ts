import { useEffect, useRef, useState } from 'react'

import type { Reply, RunEstimateInfo } from '@shared/contract'
import { call } from '../../api/client'

/** How long the request waits for the person to stop changing what it depends on. */
export const ESTIMATE_DEBOUNCE_MS = 300

export interface RunEstimateState {
  estimate: RunEstimateInfo | null
  /** Why the estimate could not be made (a persona that does not exist, a broken config). */
  error: string | null
  /** A newer estimate is on its way; the one shown is for what was chosen before. */
  pending: boolean
}

/**
 * The engine's estimate for what the dialog has chosen, asked again (debounced) whenever `key`
 * changes. Each request is numbered and only the newest one's answer is kept: a slow, stale
 * answer never overwrites a newer one. `fetch` is read when the request goes out, so it may be a
 * new function on every render; `key` says when what it asks has changed.
 */
export function useRunEstimate(
  enabled: boolean,
  key: string,
  fetch: () => Promise<Reply<RunEstimateInfo>>,
): RunEstimateState {
  const [state, setState] = useState<RunEstimateState>({
    estimate: null,
    error: null,
    pending: false,
  })
  const latest = useRef(0)
  const fetchNow = useRef(fetch)
  fetchNow.current = fetch

  useEffect(() => {
    if (!enabled) return
    const request = ++latest.current
    setState((current) => ({ ...current, pending: true }))
    const timer = setTimeout(() => {
      // A request that throws before it is sent is reported like one the backend refused.
      Promise.resolve()
        .then(() => call(fetchNow.current()))
        .then(
          (estimate) => {
            if (request === latest.current) setState({ estimate, error: null, pending: false })
          },
          (error: unknown) => {
            if (request !== latest.current) return
            const message = error instanceof Error ? error.message : String(error)
            setState({ estimate: null, error: message, pending: false })
          },
        )
    }, ESTIMATE_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [enabled, key])

  return state
}
