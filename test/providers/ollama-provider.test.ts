/**
 * The Ollama provider (native API) against a stand-in on 127.0.0.1 (fake-ollama.ts): streamed
 * NDJSON text and Ollama's token counts, the request as Ollama expects it, its error bodies, a
 * stall, a server that hangs up mid-answer; then the kind's probe and its detection on the port
 * `OLLAMA_HOST` names.
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { detectProviders } from '../../src/node/providers/detect.js'
import { ollamaKind } from '../../src/node/providers/kinds/ollama.js'
import {
  createOllamaProvider,
  ollamaBaseUrl,
  sameOllamaModel,
} from '../../src/node/providers/ollama-provider.js'
import type { HttpProviderOptions } from '../../src/node/providers/openai-provider.js'
import { API_KEY } from './fake-api.js'
import type { FakeApi } from './fake-api.js'
import { startFakeOllama } from './fake-ollama.js'
import { closedPort, failure } from './provider-failure.js'

let api: FakeApi

beforeAll(async () => {
  api = await startFakeOllama()
})
afterAll(() => api.close())

function options(model: string, extra: Partial<HttpProviderOptions> = {}): HttpProviderOptions {
  return { name: 'local', baseUrl: api.url, model, env: {}, ...extra }
}

describe('Ollama provider (native API)', () => {
  it('streams the answer and reports Ollama’s token counts', async () => {
    const deltas: string[] = []
    const result = await createOllamaProvider(options('llama3.2', { maxTokens: 200 })).complete({
      prompt: 'Say hello',
      system: 'Be brief.',
      onText: (delta) => deltas.push(delta),
    })
    expect(result).toEqual({
      text: 'Hola, mundo.',
      usage: { inputTokens: 26, outputTokens: 5, estimated: false },
    })
    expect(deltas).toEqual(['Hola', ', ', 'mundo', '.'])
    const sent = api.requests.at(-1)
    expect(sent?.path).toBe('/api/chat')
    expect(sent?.headers.authorization).toBeUndefined()
    expect(sent?.body).toEqual({
      model: 'llama3.2',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hello' },
      ],
      stream: true,
      options: { num_predict: 200 },
    })
  })

  it('takes a base URL ending in /api, and a whole JSON answer', async () => {
    const result = await createOllamaProvider(
      options('whole', { baseUrl: `${api.url}/api/` }),
    ).complete({ prompt: 'hi' })
    expect(result).toEqual({
      text: 'all at once',
      usage: { inputTokens: 26, outputTokens: 5, estimated: false },
    })
  })

  it('reports a missing model and a crashed runner in Ollama’s words', async () => {
    const missing = await failure(
      createOllamaProvider(options('missing')).complete({ prompt: 'hi' }),
    )
    expect(missing.error.message).toBe(
      `HTTP 404 from ${api.url}: model "missing" not found, try pulling it first`,
    )
    const broken = await failure(createOllamaProvider(options('broken')).complete({ prompt: 'hi' }))
    expect(broken.error.message).toBe(
      `HTTP 500 from ${api.url}: llama runner process has terminated: exit status 2`,
    )
  })

  it('sends a bearer token only when api_key_env names one, and hides it in errors', async () => {
    const env = { OLLAMA_TOKEN: API_KEY, WRONG_TOKEN: 'sk-test-WRONGWRONGWRONG0000' }
    const ok = await createOllamaProvider(
      options('private', { apiKeyEnv: 'OLLAMA_TOKEN', env }),
    ).complete({ prompt: 'hi' })
    expect(ok.text).toBe('Hola, mundo.')
    const denied = await failure(
      createOllamaProvider(options('private', { apiKeyEnv: 'WRONG_TOKEN', env })).complete({
        prompt: 'hi',
      }),
    )
    expect(denied.error.message).toBe(`HTTP 401 from ${api.url}: unauthorized: Bearer [redacted]`)
  })

  it('reports an error line in the stream, and a stream that ends before done', async () => {
    const midstream = await failure(
      createOllamaProvider(options('midstream-error')).complete({ prompt: 'hi' }),
    )
    expect(midstream.error.message).toBe(
      'the server reported an error: an error was encountered while running the model: CUDA error: out of memory',
    )
    const cut = await failure(createOllamaProvider(options('cut-short')).complete({ prompt: 'hi' }))
    expect(cut.error.message).toBe(`the stream from ${api.url} ended before the answer was done`)
  })

  it('reports a server that hangs up in the middle of the answer', async () => {
    const deltas: string[] = []
    const { error } = await failure(
      createOllamaProvider(options('disconnect')).complete({
        prompt: 'hi',
        onText: (delta) => deltas.push(delta),
      }),
    )
    expect(error.reason).toBe('http')
    expect(error.message).toMatch(new RegExp(`^the stream from ${api.url} broke off \\(.+\\)$`))
    expect(deltas).toEqual(['Hola', ', '])
  })

  it('stops a stalled stream at the inactivity timeout, within a second', async () => {
    const { error, elapsed } = await failure(
      createOllamaProvider(options('stall', { inactivityTimeoutMs: 500 })).complete({
        prompt: 'hi',
      }),
    )
    expect(error).toMatchObject({
      reason: 'timeout',
      message: `${api.url} sent nothing for 0.5 s (inactivity_timeout)`,
    })
    expect(elapsed).toBeLessThan(5_000) // the stand-in stalls for ever
  })

  it('stops at a line that is not JSON, and at an answer past max_output_bytes', async () => {
    const garbage = await failure(
      createOllamaProvider(options('garbage')).complete({ prompt: 'hi' }),
    )
    expect(garbage.error.message).toBe(
      'the server sent an event that is not JSON: <html>502 Bad Gateway</html>',
    )
    const flood = await failure(
      createOllamaProvider(options('flood', { maxOutputBytes: 500_000 })).complete({
        prompt: 'hi',
      }),
    )
    expect(flood.error.message).toBe(`${api.url} sent more than 500000 bytes; stopped`)
  })

  it('reports a server that is not running', async () => {
    const port = await closedPort()
    const { error } = await failure(
      createOllamaProvider(options('llama3.2', { baseUrl: `http://127.0.0.1:${port}` })).complete({
        prompt: 'hi',
      }),
    )
    expect(error.message).toBe(`cannot reach http://127.0.0.1:${port} (ECONNREFUSED)`)
  })

  it('lists the models from /api/tags', async () => {
    expect(await createOllamaProvider(options('')).listModels()).toEqual([
      'llama3.2:latest',
      'qwen3:8b',
    ])
  })
})

describe('the ollama kind', () => {
  it('finds the server as the ollama CLI does: OLLAMA_HOST, else 127.0.0.1:11434', () => {
    expect(ollamaBaseUrl({})).toBe('http://127.0.0.1:11434')
    expect(ollamaBaseUrl({ OLLAMA_HOST: '0.0.0.0' })).toBe('http://127.0.0.1:11434')
    expect(ollamaBaseUrl({ OLLAMA_HOST: 'gpu-box:9000' })).toBe('http://gpu-box:9000')
    expect(ollamaBaseUrl({ OLLAMA_HOST: 'https://ollama.example.com' })).toBe(
      'https://ollama.example.com',
    )
    expect(sameOllamaModel('llama3.2', 'llama3.2:latest')).toBe(true)
    expect(sameOllamaModel('qwen3', 'qwen3:8b')).toBe(false)
  })

  it('probes by listing models; llama3.2 is llama3.2:latest', async () => {
    const probe = (model: string) => {
      const entry = { name: 'local', type: 'ollama' as const, model, base_url: api.url }
      const built = ollamaKind.build(entry, { env: {} })
      return ollamaKind.probe(entry, built, { env: {}, probe: true, timeoutMs: 2_000 })
    }
    expect(await probe('llama3.2')).toEqual({ usable: true, why: 'endpoint answers (2 models)' })
    expect(await probe('mistral')).toEqual({
      usable: true,
      why: 'endpoint answers, but "mistral" is not among its 2 models',
    })
  })

  it('is detected when a server answers on its port, with its first model', async () => {
    const host = api.url.replace('http://', '')
    const found = await detectProviders({ env: { OLLAMA_HOST: host, PATH: '' } })
    expect(found.find((item) => item.type === 'ollama')).toEqual({
      name: 'ollama',
      type: 'ollama',
      found: `Ollama answers on ${api.url} (2 models: llama3.2:latest, qwen3:8b)`,
      entry: {
        name: 'ollama',
        type: 'ollama',
        model: 'llama3.2',
        description: 'Local Ollama server',
        base_url: api.url,
      },
    })
  })

  it('with the program installed but no server, says to start it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'discussions-ollama-'))
    try {
      await writeFile(join(dir, 'ollama'), '#!/bin/sh\nexit 0\n')
      await chmod(join(dir, 'ollama'), 0o755)
      const port = await closedPort()
      const found = await detectProviders({
        env: { OLLAMA_HOST: `127.0.0.1:${port}`, PATH: dir },
      })
      expect(found.find((item) => item.type === 'ollama')?.found).toBe(
        `ollama is installed (${join(dir, 'ollama')}), but its server did not answer on http://127.0.0.1:${port}: start it with \`ollama serve\``,
      )
      const nothing = await detectProviders({ env: { OLLAMA_HOST: `127.0.0.1:${port}`, PATH: '' } })
      expect(nothing.some((item) => item.type === 'ollama')).toBe(false)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
