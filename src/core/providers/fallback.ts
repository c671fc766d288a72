/**
 * Calling a chain of providers: the first that answers wins, and the result records every attempt
 * and why it failed, so a user can see that `claude-sonnet` was not installed and `ollama`
 * answered instead. Cancelling stops the chain at once: a stop button must not start the next one.
 */
import { ProviderError } from './port.js'
import type {
  Provider,
  ProviderAttempt,
  ProviderFailure,
  ProviderRequest,
  ProviderResult,
} from './port.js'
import { costOf } from './usage.js'

/** Every provider in the chain failed (or the call was cancelled); `attempts` says how. */
export class ProviderChainError extends ProviderError {
  override readonly name: string = 'ProviderChainError'

  constructor(
    reason: ProviderFailure,
    message: string,
    readonly attempts: readonly ProviderAttempt[],
  ) {
    super(reason, message)
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function isCancellation(error: unknown, request: ProviderRequest): boolean {
  return (
    (error instanceof ProviderError && error.reason === 'cancelled') ||
    request.signal?.aborted === true
  )
}

/** `claude-sonnet: program "claude" not found ...; demo: ...`, one clause a provider. */
function describeFailures(attempts: readonly ProviderAttempt[]): string {
  const failures = attempts.map((attempt) => `${attempt.provider}: ${attempt.error ?? 'failed'}`)
  return attempts.length === 1
    ? (failures[0] ?? '')
    : `every provider failed (${failures.join('; ')})`
}

/**
 * Tries each provider in order. A failure (not found, exit, timeout, HTTP error, untrusted, an
 * empty answer, or any other error) moves on to the next; a cancellation stops the chain.
 * `durationMs` of the result is the whole wait, failed attempts included.
 */
export async function completeWithFallback(
  chain: readonly Provider[],
  request: ProviderRequest,
  clock: () => number,
): Promise<ProviderResult> {
  if (chain.length === 0) {
    throw new ProviderChainError(
      'config',
      'no provider to call: configure one in providers.yaml',
      [],
    )
  }
  const attempts: ProviderAttempt[] = []
  const started = clock()
  let lastReason: ProviderFailure = 'config'
  for (const [index, provider] of chain.entries()) {
    if (request.signal?.aborted) throw new ProviderChainError('cancelled', 'cancelled', attempts)
    if (index > 0) {
      const failed = attempts[attempts.length - 1]
      if (failed) request.onRetry?.(failed, provider.name)
    }
    const attemptStart = clock()
    let failure: { reason: ProviderFailure; message: string }
    try {
      const completion = await provider.complete(request)
      const durationMs = clock() - attemptStart
      if (completion.text.trim() !== '') {
        attempts.push({ provider: provider.name, ok: true, error: null, durationMs })
        return {
          text: completion.text,
          provider: provider.name,
          durationMs: clock() - started,
          usage: completion.usage,
          costUsd: completion.costUsd ?? costOf(completion.usage, provider.prices),
          ...(completion.model !== undefined ? { model: completion.model } : {}),
          ...(completion.note !== undefined ? { note: completion.note } : {}),
          attempts,
        }
      }
      failure = { reason: 'empty', message: 'answered with nothing' }
    } catch (error) {
      if (isCancellation(error, request)) {
        attempts.push({
          provider: provider.name,
          ok: false,
          error: 'cancelled',
          durationMs: clock() - attemptStart,
        })
        throw new ProviderChainError('cancelled', 'cancelled', attempts)
      }
      failure = {
        reason: error instanceof ProviderError ? error.reason : 'exit',
        message: messageOf(error),
      }
    }
    lastReason = failure.reason
    attempts.push({
      provider: provider.name,
      ok: false,
      error: failure.message,
      durationMs: clock() - attemptStart,
    })
  }
  throw new ProviderChainError(lastReason, describeFailures(attempts), attempts)
}
