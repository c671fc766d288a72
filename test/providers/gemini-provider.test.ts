/**
 * The Gemini provider against a stand-in of Google's API on 127.0.0.1 (fake-gemini.ts):
 * streamed text and the API's token counts, the request as Google expects it (key in a header,
 * never the URL), errors with Google's words and no key, a refused prompt, a stall, a server
 * that hangs up mid-answer; then the kind's probe and detection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createGeminiProvider } from '../../src/node/providers/gemini-provider.js'
import type { HttpProviderOptions } from '../../src/node/providers/openai-provider.js'
import { geminiKind } from '../../src/node/providers/kinds/gemini.js'
import { detectProviders } from '../../src/node/providers/detect.js'
import { API_KEY } from './fake-api.js'
import type { FakeApi } from './fake-api.js'
import { startFakeGemini } from './fake-gemini.js'
import { closedPort, failure } from './provider-failure.js'

let api: FakeApi
const WRONG = 'AIzaWRONGWRONGWRONGWRONG000'
const env = { GEMINI_API_KEY: API_KEY, WRONG_KEY: WRONG }

beforeAll(async () => {
  api = await startFakeGemini()
})
afterAll(() => api.close())

function options(model: string, extra: Partial<HttpProviderOptions> = {}): HttpProviderOptions {
  return {
    name: 'gem',
    baseUrl: api.url,
    model,
    apiKeyEnv: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
    env,
    ...extra,
  }
}

describe('Gemini provider', () => {
  it('streams the answer and reports the API’s token counts', async () => {
    const deltas: string[] = []
    const result = await createGeminiProvider(options('gemini-test', { maxTokens: 300 })).complete({
      prompt: 'Say hello',
      system: 'Be brief.',
      onText: (delta) => deltas.push(delta),
    })
    expect(result).toEqual({
      text: 'Hallo, Welt.',
      usage: { inputTokens: 11, outputTokens: 5, estimated: false },
    })
    expect(deltas).toEqual(['Hallo', ', ', 'Welt', '.'])
    const sent = api.requests.at(-1)
    expect(sent?.path).toBe('/v1beta/models/gemini-test:streamGenerateContent?alt=sse')
    expect(sent?.path).not.toContain(API_KEY)
    expect(sent?.headers['x-goog-api-key']).toBe(API_KEY)
    expect(sent?.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }],
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: { maxOutputTokens: 300 },
    })
  })

  it('counts thinking tokens as output, and takes models/NAME and a /v1beta base URL', async () => {
    const result = await createGeminiProvider(
      options('models/thinking', { baseUrl: `${api.url}/v1beta/` }),
    ).complete({ prompt: 'hi' })
    expect(result.usage).toEqual({ inputTokens: 11, outputTokens: 7, estimated: false })
    expect(api.requests.at(-1)?.path).toBe('/v1beta/models/thinking:streamGenerateContent?alt=sse')
  })

  it('uses GOOGLE_API_KEY when GEMINI_API_KEY is not set', async () => {
    const result = await createGeminiProvider(
      options('gemini-test', { env: { GOOGLE_API_KEY: API_KEY } }),
    ).complete({ prompt: 'hi' })
    expect(result.text).toBe('Hallo, Welt.')
  })

  it('takes a whole JSON array from a server that does not stream', async () => {
    const deltas: string[] = []
    const result = await createGeminiProvider(options('whole')).complete({
      prompt: 'hi',
      onText: (delta) => deltas.push(delta),
    })
    expect(result).toEqual({
      text: 'all at once',
      usage: { inputTokens: 7, outputTokens: 3, estimated: false },
    })
    expect(deltas).toEqual(['all at once'])
  })

  it('reports a wrong key with Google’s words and without the key it echoed', async () => {
    const { error } = await failure(
      createGeminiProvider(options('gemini-test', { apiKeyEnv: 'WRONG_KEY' })).complete({
        prompt: 'hi',
      }),
    )
    expect(error.reason).toBe('http')
    expect(error.message).toBe(
      `HTTP 400 from ${api.url}: INVALID_ARGUMENT: API key not valid: [redacted]. Please pass a valid API key.`,
    )
    expect(error.message).not.toContain('WRONGWRONG')
  })

  it('reports 401, 404 and 500 with the server’s status and message', async () => {
    const call = (model: string) =>
      failure(createGeminiProvider(options(model)).complete({ prompt: 'hi' }))
    expect((await call('unauthenticated')).error.message).toBe(
      `HTTP 401 from ${api.url}: UNAUTHENTICATED: Request had invalid authentication credentials.`,
    )
    expect((await call('unknown')).error.message).toBe(
      `HTTP 404 from ${api.url}: NOT_FOUND: models/unknown is not found for API version v1beta, or is not supported for generateContent.`,
    )
    expect((await call('broken')).error.message).toBe(
      `HTTP 500 from ${api.url}: INTERNAL: An internal error has occurred.`,
    )
  })

  it('reports an error sent in the stream, a refused prompt and an answer cut short', async () => {
    const call = (model: string) =>
      failure(createGeminiProvider(options(model)).complete({ prompt: 'hi' }))
    expect((await call('midstream-error')).error.message).toBe(
      'the server reported an error: UNAVAILABLE: The model is overloaded.',
    )
    expect((await call('blocked')).error.message).toBe(
      'Gemini refused the prompt (SAFETY); try another model or rephrase the discussion',
    )
    expect((await call('cut-short')).error.message).toBe(
      `the stream from ${api.url} ended before the answer was finished`,
    )
  })

  it('reports a server that hangs up in the middle of the answer', async () => {
    const deltas: string[] = []
    const { error } = await failure(
      createGeminiProvider(options('disconnect')).complete({
        prompt: 'hi',
        onText: (delta) => deltas.push(delta),
      }),
    )
    expect(error.reason).toBe('http')
    expect(error.message).toMatch(new RegExp(`^the stream from ${api.url} broke off \\(.+\\)$`))
    expect(deltas).toEqual(['Hallo', ', '])
  })

  it('stops a stalled stream at the inactivity timeout, within a second', async () => {
    const { error, elapsed } = await failure(
      createGeminiProvider(options('stall', { inactivityTimeoutMs: 500 })).complete({
        prompt: 'hi',
      }),
    )
    expect(error).toMatchObject({
      reason: 'timeout',
      message: `${api.url} sent nothing for 0.5 s (inactivity_timeout)`,
    })
    expect(elapsed).toBeLessThan(5_000) // the stand-in stalls for ever
  })

  it('names both key variables when neither is set, without calling the server', async () => {
    const before = api.requests.length
    const { error } = await failure(
      createGeminiProvider(options('gemini-test', { env: {} })).complete({ prompt: 'hi' }),
    )
    expect(error).toMatchObject({
      reason: 'config',
      message:
        'GEMINI_API_KEY and GOOGLE_API_KEY are not set: export one with the key for "gem", or change api_key_env in providers.yaml',
    })
    expect(api.requests.length).toBe(before)
  })

  it('reports a server that is not there', async () => {
    const port = await closedPort()
    const { error } = await failure(
      createGeminiProvider(options('x', { baseUrl: `http://127.0.0.1:${port}` })).complete({
        prompt: 'hi',
      }),
    )
    expect(error.message).toBe(`cannot reach http://127.0.0.1:${port} (ECONNREFUSED)`)
  })

  it('lists the models, without the models/ prefix', async () => {
    expect(await createGeminiProvider(options('gemini-test')).listModels()).toEqual([
      'gemini-test',
      'gemini-2.5-flash',
    ])
  })
})

describe('the gemini kind', () => {
  const config = (model: string, extra: Record<string, unknown> = {}) => ({
    name: 'gem',
    type: 'gemini' as const,
    model,
    base_url: api.url,
    ...extra,
  })
  const probe = async (model: string, probeEnv: NodeJS.ProcessEnv, extra = {}) => {
    const entry = config(model, extra)
    const built = geminiKind.build(entry, { env: probeEnv })
    return geminiKind.probe(entry, built, { env: probeEnv, probe: true, timeoutMs: 2_000 })
  }

  it('probes by listing models, and says when the model is not among them', async () => {
    expect(await probe('gemini-test', env)).toEqual({
      usable: true,
      why: 'endpoint answers (2 models)',
    })
    expect(await probe('gemini-9', env)).toEqual({
      usable: true,
      why: 'endpoint answers, but "gemini-9" is not among its 2 models',
    })
    const denied = await probe('gemini-test', env, { api_key_env: 'WRONG_KEY' })
    expect(denied.usable).toBe(false)
    expect(denied.why).not.toContain('WRONGWRONG')
  })

  it('tries GEMINI_API_KEY, then GOOGLE_API_KEY, unless api_key_env names one', () => {
    expect(geminiKind.keyVariables(config('m'))).toEqual(['GEMINI_API_KEY', 'GOOGLE_API_KEY'])
    expect(geminiKind.keyVariables(config('m', { api_key_env: 'MY_KEY' }))).toEqual(['MY_KEY'])
  })

  it('is detected from either key variable, with the entry to paste (never the key)', async () => {
    const found = await detectProviders({
      env: { GOOGLE_API_KEY: API_KEY, PATH: '' },
      probe: false,
    })
    const gemini = found.find((item) => item.type === 'gemini')
    expect(gemini).toEqual({
      name: 'gemini',
      type: 'gemini',
      found: 'GOOGLE_API_KEY is set',
      entry: {
        name: 'gemini',
        type: 'gemini',
        model: 'gemini-2.5-flash',
        api_key_env: 'GOOGLE_API_KEY',
        description: 'Google Gemini API',
      },
    })
    expect(JSON.stringify(found)).not.toContain(API_KEY)
    const none = await detectProviders({ env: { PATH: '' }, probe: false })
    expect(none.some((item) => item.type === 'gemini')).toBe(false)
  })
})
