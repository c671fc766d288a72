import { describe, expect, it } from 'vitest'

import { completeWithFallback, ProviderChainError } from './fallback.js'
import { ProviderError } from './port.js'
import type { Provider, ProviderAttempt, ProviderCompletion, ProviderKind } from './port.js'
import { resolveChain } from './resolve-chain.js'

const usage = { inputTokens: 1_000, outputTokens: 500, estimated: false }

/** A provider that answers `text`, or fails with `error`, after `ms` of fake time. */
function fake(
  name: string,
  outcome: { text?: string; error?: Error; ms?: number; kind?: ProviderKind },
  clock: { now: number },
  calls: string[],
): Provider {
  return {
    name,
    kind: outcome.kind ?? 'command',
    complete: (): Promise<ProviderCompletion> => {
      calls.push(name)
      clock.now += outcome.ms ?? 10
      if (outcome.error) return Promise.reject(outcome.error)
      return Promise.resolve({ text: outcome.text ?? '', usage })
    },
  }
}

function setup() {
  const clock = { now: 0 }
  const calls: string[] = []
  return { clock, calls, now: () => clock.now }
}

describe('completeWithFallback', () => {
  it('moves past each kind of failure, in order, and records every attempt', async () => {
    const { clock, calls, now } = setup()
    const retries: [ProviderAttempt, string][] = []
    const chain = [
      fake(
        'missing',
        { error: new ProviderError('not-found', 'program "x" not found') },
        clock,
        calls,
      ),
      fake(
        'crash',
        { error: new ProviderError('exit', '"y" exited with code 3'), ms: 20 },
        clock,
        calls,
      ),
      fake(
        'slow',
        { error: new ProviderError('timeout', 'no answer within 1 s'), ms: 1000 },
        clock,
        calls,
      ),
      fake('api', { error: new ProviderError('http', 'HTTP 500 from http://x') }, clock, calls),
      fake('quiet', { text: '  \n' }, clock, calls),
      fake('bug', { error: new TypeError('boom') }, clock, calls),
      fake('good', { text: 'the answer', ms: 30 }, clock, calls),
      fake('never', { text: 'not asked' }, clock, calls),
    ]
    const result = await completeWithFallback(
      chain,
      { prompt: 'hi', onRetry: (failed, next) => retries.push([failed, next]) },
      now,
    )
    expect(calls).toEqual(['missing', 'crash', 'slow', 'api', 'quiet', 'bug', 'good'])
    expect(result).toMatchObject({ text: 'the answer', provider: 'good', durationMs: 1090, usage })
    expect(result.costUsd).toBeNull()
    expect(result.attempts).toEqual([
      { provider: 'missing', ok: false, error: 'program "x" not found', durationMs: 10 },
      { provider: 'crash', ok: false, error: '"y" exited with code 3', durationMs: 20 },
      { provider: 'slow', ok: false, error: 'no answer within 1 s', durationMs: 1000 },
      { provider: 'api', ok: false, error: 'HTTP 500 from http://x', durationMs: 10 },
      { provider: 'quiet', ok: false, error: 'answered with nothing', durationMs: 10 },
      { provider: 'bug', ok: false, error: 'boom', durationMs: 10 },
      { provider: 'good', ok: true, error: null, durationMs: 30 },
    ])
    expect(retries.map(([failed, next]) => `${failed.provider}->${next}`)).toEqual([
      'missing->crash',
      'crash->slow',
      'slow->api',
      'api->quiet',
      'quiet->bug',
      'bug->good',
    ])
  })

  it('prices the answer with the answering provider’s prices', async () => {
    const { clock, calls, now } = setup()
    const priced = {
      ...fake('priced', { text: 'ok' }, clock, calls),
      prices: { input_per_mtok: 3, output_per_mtok: 15 },
    }
    const result = await completeWithFallback([priced], { prompt: 'hi' }, now)
    expect(result.costUsd).toBeCloseTo((1_000 * 3 + 500 * 15) / 1_000_000, 10)
  })

  it('throws one error naming every failure when no provider answers', async () => {
    const { clock, calls, now } = setup()
    const chain = [
      fake('a', { error: new ProviderError('not-found', 'not installed') }, clock, calls),
      fake('b', { error: new ProviderError('http', 'HTTP 401') }, clock, calls),
    ]
    const error = await completeWithFallback(chain, { prompt: 'hi' }, now).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderChainError)
    expect(error).toMatchObject({
      reason: 'http',
      message: 'every provider failed (a: not installed; b: HTTP 401)',
    })
    expect((error as ProviderChainError).attempts).toHaveLength(2)
  })

  it('names the provider in the message of a one-provider chain', async () => {
    const { clock, calls, now } = setup()
    const chain = [
      fake('a', { error: new ProviderError('timeout', 'no answer within 2 s') }, clock, calls),
    ]
    await expect(completeWithFallback(chain, { prompt: 'hi' }, now)).rejects.toMatchObject({
      reason: 'timeout',
      message: 'a: no answer within 2 s',
    })
  })

  it('stops at once when cancelled: the next provider is never started', async () => {
    const { clock, calls, now } = setup()
    const controller = new AbortController()
    const cancelling: Provider = {
      name: 'first',
      kind: 'command',
      complete: () => {
        calls.push('first')
        controller.abort()
        return Promise.reject(new ProviderError('cancelled', 'cancelled'))
      },
    }
    const error = await completeWithFallback(
      [cancelling, fake('second', { text: 'late' }, clock, calls)],
      { prompt: 'hi', signal: controller.signal },
      now,
    ).catch((e: unknown) => e)
    expect(calls).toEqual(['first'])
    expect(error).toMatchObject({ reason: 'cancelled' })
    expect((error as ProviderChainError).attempts).toEqual([
      { provider: 'first', ok: false, error: 'cancelled', durationMs: 0 },
    ])
  })

  it('does not start when already cancelled, and says so for an empty chain', async () => {
    const { clock, calls, now } = setup()
    const controller = new AbortController()
    controller.abort()
    await expect(
      completeWithFallback(
        [fake('a', { text: 'x' }, clock, calls)],
        { prompt: 'hi', signal: controller.signal },
        now,
      ),
    ).rejects.toMatchObject({ reason: 'cancelled' })
    expect(calls).toEqual([])
    await expect(completeWithFallback([], { prompt: 'hi' }, now)).rejects.toMatchObject({
      reason: 'config',
    })
  })
})

describe('resolveChain', () => {
  const { clock, calls } = setup()
  const available = new Map(
    ['claude-sonnet', 'ollama', 'openai', 'demo'].map((name) => [
      name,
      fake(name, { text: name, kind: name === 'demo' ? 'demo' : 'command' }, clock, calls),
    ]),
  )
  const names = (chain: Provider[]) => chain.map((provider) => provider.name)

  it('uses --provider alone when given, even over a persona hint', () => {
    const resolved = resolveChain(
      {
        explicit: 'ollama',
        personaHint: 'claude-sonnet',
        defaultName: 'openai',
        fallback: ['demo'],
      },
      available,
    )
    expect(names(resolved.chain)).toEqual(['ollama'])
    expect(resolved).toMatchObject({ unknown: [], usedDemo: false })
  })

  it('reports an unknown --provider instead of falling back', () => {
    const resolved = resolveChain(
      { explicit: 'nope', defaultName: 'openai', fallback: [] },
      available,
    )
    expect(resolved).toEqual({ chain: [], unknown: ['nope'], usedDemo: false })
  })

  it('tries the persona hint, then the default, then the fallback, without repeats', () => {
    const resolved = resolveChain(
      {
        personaHint: 'claude-sonnet',
        defaultName: 'openai',
        fallback: ['claude-sonnet', 'gone', 'ollama', 'openai'],
      },
      available,
    )
    expect(names(resolved.chain)).toEqual(['claude-sonnet', 'openai', 'ollama'])
    expect(resolved.unknown).toEqual(['gone'])
  })

  it('skips a hint that is not configured and says so', () => {
    const resolved = resolveChain(
      { personaHint: 'claude-opus', defaultName: 'ollama', fallback: [] },
      available,
    )
    expect(names(resolved.chain)).toEqual(['ollama'])
    expect(resolved.unknown).toEqual(['claude-opus'])
  })

  it('falls back to the demo provider when nothing named exists, and flags it', () => {
    const resolved = resolveChain(
      { personaHint: 'claude-opus', defaultName: null, fallback: [] },
      available,
    )
    expect(names(resolved.chain)).toEqual(['demo'])
    expect(resolved).toMatchObject({ unknown: ['claude-opus'], usedDemo: true })
  })
})
