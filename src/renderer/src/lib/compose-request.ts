/**
 * "Open the composer": asked by a comment's Quote reply, answered by the discussion's controls
 * (which own the composer), without threading a callback through the comment list.
 */
import { useEffect, useRef } from 'react'

const EVENT = 'discussions:compose'

export function requestComposer(): void {
  window.dispatchEvent(new Event(EVENT))
}

export function useComposeRequests(open: () => void): void {
  const handler = useRef(open)
  handler.current = open
  useEffect(() => {
    const listener = (): void => handler.current()
    window.addEventListener(EVENT, listener)
    return () => window.removeEventListener(EVENT, listener)
  }, [])
}
