/**
 * The OpenAI-compatible and Anthropic providers against a real local server (fake-api.ts):
 * streaming with the API's own token counts, errors with the server's message and no key, and
 * timeouts for a stream that stalls.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { completeWithFallback } from '../../src/core/providers/fallback.js'
import { ProviderError } from '../../src/core/providers/port.js'
import { createAnthropicProvider } from '../../src/node/providers/anthropic-provider.js'
import { createCommandProvider } from '../../src/node/providers/command-provider.js'
import { createOpenAIProvider } from '../../src/node/providers/openai-provider.js'
import type { HttpProviderOptions } from '../../src/node/providers/openai-provider.js'
import { API_KEY, startFakeApi } from './fake-api.js'
import type { FakeApi } from './fake-api.js'

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

let api: FakeApi
const env = { TEST_KEY: API_KEY, WRONG_KEY: 'sk-test-WRONGWRONGWRONG0000' }

beforeAll(async () => {
  api = await startFakeApi()
})
afterAll(() => api.close())

function options(model: string, extra: Partial<HttpProviderOptions> = {}): HttpProviderOptions {
  return { name: 'fake', baseUrl: `${api.url}/v1`, model, apiKeyEnv: 'TEST_KEY', env, ...extra }
}

async function failure(promise: Promise<unknown>) {
  const started = performance.now()
  const error = await promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e,
  )
  if (!(error instanceof ProviderError)) throw error
  return { error, elapsed: performance.now() - started }
}

describe('OpenAI-compatible provider', () => {
  it('streams the answer and reports the API’s token counts', async () => {
    const deltas: string[] = []
    const result = await createOpenAIProvider(options('gpt-test')).complete({
      prompt: 'Say hello',
      system: 'Be brief.',
      onText: (delta) => deltas.push(delta),
    })
    expect(result).toEqual({
      text: 'Hello, world.',
      usage: { inputTokens: 12, outputTokens: 4, estimated: false },
      model: 'gpt-test',
    })
    expect(deltas).toEqual(['Hello', ', ', 'world', '.'])
    const sent = api.requests.at(-1)
    expect(sent?.headers.authorization).toBe(`Bearer ${API_KEY}`)
    expect(sent?.body).toMatchObject({
      model: 'gpt-test',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hello' },
      ],
    })
  })

  it('needs no key for a local server, and estimates tokens it was not told', async () => {
    const result = await createOpenAIProvider(options('local', { apiKeyEnv: null })).complete({
      prompt: 'x'.repeat(40),
    })
    expect(api.requests.at(-1)?.headers.authorization).toBeUndefined()
    expect(result.usage).toEqual({ inputTokens: 12, outputTokens: 4, estimated: false })
    const local = createOpenAIProvider(options('no-usage'))
    const estimated = await local.complete({ prompt: 'x'.repeat(40) })
    expect(estimated.usage).toEqual({ inputTokens: 10, outputTokens: 4, estimated: true })
  })

  it('takes a whole JSON answer from a server that does not stream', async () => {
    const deltas: string[] = []
    const result = await createOpenAIProvider(options('whole')).complete({
      prompt: 'hi',
      onText: (delta) => deltas.push(delta),
    })
    expect(result).toEqual({
      text: 'all at once',
      usage: { inputTokens: 7, outputTokens: 3, estimated: false },
      model: 'whole',
    })
    expect(deltas).toEqual(['all at once'])
  })

  it('reports a 401 with the server’s message and without the key it echoed', async () => {
    const { error } = await failure(
      createOpenAIProvider(options('gpt-test', { apiKeyEnv: 'WRONG_KEY' })).complete({
        prompt: 'hi',
      }),
    )
    expect(error.reason).toBe('http')
    expect(error.message).toBe(
      `HTTP 401 from ${api.url}: invalid_request_error: Incorrect API key provided: Bearer [redacted]`,
    )
    expect(error.message).not.toContain('WRONGWRONG')
  })

  it('reports a 500 and an error sent in the middle of the stream', async () => {
    const broken = await failure(createOpenAIProvider(options('broken')).complete({ prompt: 'hi' }))
    expect(broken.error.message).toBe(
      `HTTP 500 from ${api.url}: The server had an error processing your request.`,
    )
    const midstream = await failure(
      createOpenAIProvider(options('midstream-error')).complete({ prompt: 'hi' }),
    )
    expect(midstream.error).toMatchObject({
      reason: 'http',
      message: 'the server reported an error: model overloaded',
    })
  })

  it('says which variable to set when the key is missing, without calling the server', async () => {
    const before = api.requests.length
    const { error } = await failure(
      createOpenAIProvider(options('gpt-test', { apiKeyEnv: 'NOT_SET_KEY' })).complete({
        prompt: 'hi',
      }),
    )
    expect(error).toMatchObject({ reason: 'config' })
    expect(error.message).toMatch(/^NOT_SET_KEY is not set: export it with the key for "fake"/)
    expect(api.requests.length).toBe(before)
  })

  it('stops a stalled stream at the inactivity timeout', async () => {
    const { error, elapsed } = await failure(
      createOpenAIProvider(options('stall', { inactivityTimeoutMs: 500 })).complete({
        prompt: 'hi',
      }),
    )
    expect(error).toMatchObject({
      reason: 'timeout',
      message: `${api.url} sent nothing for 0.5 s (inactivity_timeout)`,
    })
    expect(elapsed).toBeGreaterThanOrEqual(500)
    // The stand-in stalls for ever: bounds sit far from that, not near the expected time.
    expect(elapsed).toBeLessThan(5_000)
  })

  it('stops at the overall timeout even while text keeps coming, and on cancel', async () => {
    const timedOut = await failure(
      createOpenAIProvider(options('stall')).complete({ prompt: 'hi', timeoutMs: 400 }),
    )
    expect(timedOut.error).toMatchObject({ reason: 'timeout' })
    expect(timedOut.elapsed).toBeLessThan(5_000)
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 200)
    const cancelled = await failure(
      createOpenAIProvider(options('stall')).complete({ prompt: 'hi', signal: controller.signal }),
    )
    expect(cancelled.error).toMatchObject({ reason: 'cancelled' })
    expect(cancelled.elapsed).toBeLessThan(5_000)
  })

  it('reports a server that is not there', async () => {
    const closed = await closedPort()
    const { error } = await failure(
      createOpenAIProvider(
        options('x', { baseUrl: `http://127.0.0.1:${closed}/v1`, apiKeyEnv: null }),
      ).complete({
        prompt: 'hi',
      }),
    )
    expect(error.reason).toBe('http')
    expect(error.message).toBe(`cannot reach http://127.0.0.1:${closed} (ECONNREFUSED)`)
  })

  it('lists the endpoint’s models', async () => {
    expect(await createOpenAIProvider(options('gpt-test')).listModels()).toEqual([
      'gpt-test',
      'local',
    ])
  })
})

describe('Anthropic provider', () => {
  it('streams the Messages API answer with its token counts', async () => {
    const deltas: string[] = []
    const result = await createAnthropicProvider(
      options('claude-test', { baseUrl: api.url }),
    ).complete({
      prompt: 'Say hello',
      system: 'Be brief.',
      onText: (delta) => deltas.push(delta),
    })
    expect(result).toEqual({
      text: 'Bonjour le monde',
      usage: { inputTokens: 25, outputTokens: 9, estimated: false },
    })
    expect(deltas).toEqual(['Bonjour', ' le ', 'monde'])
    const sent = api.requests.at(-1)
    expect(sent?.path).toBe('/v1/messages')
    expect(sent?.headers['x-api-key']).toBe(API_KEY)
    expect(sent?.body).toMatchObject({
      model: 'claude-test',
      max_tokens: 4096,
      system: 'Be brief.',
      stream: true,
      messages: [{ role: 'user', content: 'Say hello' }],
    })
  })

  it('accepts a base URL ending in /v1', async () => {
    const result = await createAnthropicProvider(options('claude-test')).complete({ prompt: 'hi' })
    expect(result.text).toBe('Bonjour le monde')
  })

  it('reports an authentication error and an error event in the stream', async () => {
    const denied = await failure(
      createAnthropicProvider(options('claude-test', { apiKeyEnv: 'WRONG_KEY' })).complete({
        prompt: 'hi',
      }),
    )
    expect(denied.error.message).toBe(
      `HTTP 401 from ${api.url}: authentication_error: invalid x-api-key`,
    )
    const overloaded = await failure(
      createAnthropicProvider(options('overloaded')).complete({ prompt: 'hi' }),
    )
    expect(overloaded.error.message).toBe(
      'the server reported an error: overloaded_error: Overloaded',
    )
  })

  it('stops a stalled stream at the inactivity timeout', async () => {
    const { error, elapsed } = await failure(
      createAnthropicProvider(options('stall', { inactivityTimeoutMs: 500 })).complete({
        prompt: 'hi',
      }),
    )
    expect(error.reason).toBe('timeout')
    expect(elapsed).toBeLessThan(5_000)
  })
})

describe('a fallback chain across provider types', () => {
  it('records why each failed and which one answered', async () => {
    const chain = [
      createCommandProvider({
        name: 'missing-cli',
        argv: ['no-such-ai-cli'],
        envNames: [],
        parentEnv: process.env,
      }),
      createAnthropicProvider({
        ...options('claude-test', { apiKeyEnv: 'WRONG_KEY' }),
        name: 'anthropic',
      }),
      createOpenAIProvider({ ...options('stall', { inactivityTimeoutMs: 300 }), name: 'stalling' }),
      createOpenAIProvider({
        ...options('gpt-test'),
        name: 'openai',
        prices: { input_per_mtok: 1, output_per_mtok: 2 },
      }),
    ]
    const result = await completeWithFallback(chain, { prompt: 'hi' }, () => performance.now())
    expect(result).toMatchObject({ provider: 'openai', text: 'Hello, world.' })
    expect(result.costUsd).toBeCloseTo((12 * 1 + 4 * 2) / 1_000_000, 12)
    expect(result.attempts.map(({ provider, ok, error }) => ({ provider, ok, error }))).toEqual([
      {
        provider: 'missing-cli',
        ok: false,
        error:
          'program "no-such-ai-cli" not found: install it, or fix the command in providers.yaml',
      },
      {
        provider: 'anthropic',
        ok: false,
        error: `HTTP 401 from ${api.url}: authentication_error: invalid x-api-key`,
      },
      {
        provider: 'stalling',
        ok: false,
        error: `${api.url} sent nothing for 0.3 s (inactivity_timeout)`,
      },
      { provider: 'openai', ok: true, error: null },
    ])
  })
})
