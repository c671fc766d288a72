import { useCallback, useEffect, useRef, useState } from 'react'

import { notifyError } from '../notify'

export interface RequestState<T> {
  data: T | undefined
  loading: boolean
  error: string | null
  /** Asks again; the previous data stays on screen meanwhile. */
  reload: () => void
}

/**
 * Runs `load` when `key` or `version` changes (and on `reload`), keeping the last good data. A failure is shown
 * as a notification and kept in `error`; a stale answer to an earlier key is ignored.
 */
export function useRequest<T>(
  key: string | null,
  load: () => Promise<T>,
  /** Changing it asks again without clearing the data on screen (refresh). */
  version = 0,
): RequestState<T> {
  const [data, setData] = useState<T | undefined>(undefined)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [generation, setGeneration] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load
  const lastKey = useRef<string | null>(null)

  useEffect(() => {
    if (key === null) return
    if (lastKey.current !== key) setData(undefined)
    lastKey.current = key
    let current = true
    setLoading(true)
    loadRef
      .current()
      .then((value) => {
        if (!current) return
        setData(value)
        setError(null)
      })
      .catch((failure: unknown) => {
        if (!current) return
        const message = failure instanceof Error ? failure.message : String(failure)
        setError(message)
        notifyError(message)
      })
      .finally(() => {
        if (current) setLoading(false)
      })
    return () => {
      current = false
    }
  }, [key, generation, version])

  const reload = useCallback(() => setGeneration((n) => n + 1), [])
  return { data, loading, error, reload }
}
