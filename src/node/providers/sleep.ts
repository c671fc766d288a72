import { setTimeout as wait } from 'node:timers/promises'

/** The pause the demo provider streams with; ends early (rejecting) when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return wait(ms, undefined, signal ? { signal } : {})
}
