/**
 * The enforced round timeout (the seed left it manual): a call gets `ms` to answer; then its
 * signal aborts (a command provider kills its process group) and the debate moves on without
 * waiting for the call to wind down, so a provider that ignores the signal cannot stall it.
 */
export type DeadlineOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'timeout' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: unknown }

/** What core needs of an AbortController (core has no platform globals; adapters pass one). */
export interface Aborter {
  signal: AbortSignal
  abort(): void
}

export interface DeadlineClock {
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  aborter: () => Aborter
}

export async function withDeadline<T>(
  work: (signal: AbortSignal) => Promise<T>,
  ms: number,
  clock: DeadlineClock,
  outer?: AbortSignal,
): Promise<DeadlineOutcome<T>> {
  const { sleep } = clock
  const controller = clock.aborter()
  const onAbort = (): void => controller.abort()
  if (outer?.aborted) return { kind: 'cancelled' }
  outer?.addEventListener('abort', onAbort, { once: true })
  // Listening before the call starts: a call may abort the run synchronously.
  let onCancel = (): void => undefined
  const cancelled = new Promise<DeadlineOutcome<T>>((resolve) => {
    onCancel = () => resolve({ kind: 'cancelled' })
    outer?.addEventListener('abort', onCancel, { once: true })
    if (outer?.aborted) onCancel()
  })
  // The deadline starts before the call: a call given the same limit (a provider's own timeout)
  // then never ends first, and the participant is recorded as timed out by the round.
  const timer = sleep(ms, controller.signal).then(
    (): DeadlineOutcome<T> => ({ kind: 'timeout' }),
    // The timer's sleep rejects when the signal aborts: the call settles the race then.
    () => new Promise<DeadlineOutcome<T>>(() => undefined),
  )
  const call = work(controller.signal).then(
    (value): DeadlineOutcome<T> => ({ kind: 'ok', value }),
    (error: unknown): DeadlineOutcome<T> =>
      outer?.aborted ? { kind: 'cancelled' } : { kind: 'failed', error },
  )
  try {
    return await Promise.race([call, timer, cancelled])
  } finally {
    outer?.removeEventListener('abort', onAbort)
    outer?.removeEventListener('abort', onCancel)
    controller.abort() // stops the timer, or the call that lost the race
  }
}
