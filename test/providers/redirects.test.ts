/**
 * HTTP kinds and redirects, against two stand-ins on 127.0.0.1 (different ports: different
 * origins). A redirect to the other origin is not followed by any kind: the other server gets
 * no request (no key, no prompt) and the error names where it pointed. A redirect within the
 * configured origin is followed, with the key.
 */
import type { ServerResponse } from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ProviderError } from '../../src/core/providers/port.js'
import { buildProvider } from '../../src/node/providers/build-provider.js'
import type { ProviderConfig } from '../../src/node/providers/kinds/index.js'
import { startStandInServer } from './fake-api.js'
import type { FakeApi } from './fake-api.js'

const KEY = 'redirect-test-key-0123456789'
const PROMPT = 'The whole discussion, which must stay where it was sent.'

/** A minimal answer "same origin" in each kind's protocol, chosen by the path. */
function answer(path: string, response: ServerResponse): void {
  const text = 'same origin'
  if (path.endsWith('/api/chat')) {
    response.writeHead(200, { 'content-type': 'application/x-ndjson' })
    response.write(
      `${JSON.stringify({ message: { role: 'assistant', content: text }, done: false })}\n`,
    )
    response.end(
      `${JSON.stringify({ message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' })}\n`,
    )
    return
  }
  response.writeHead(200, { 'content-type': 'text/event-stream' })
  const send = (value: unknown, event?: string) =>
    response.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(value)}\n\n`)
  if (path.endsWith('/messages')) {
    send(
      { type: 'message_start', message: { usage: { input_tokens: 3, output_tokens: 1 } } },
      'message_start',
    )
    send(
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
      'content_block_delta',
    )
    send(
      { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 2 } },
      'message_delta',
    )
    send({ type: 'message_stop' }, 'message_stop')
  } else if (path.includes(':streamGenerateContent')) {
    send({ candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }] })
  } else {
    send({ choices: [{ index: 0, delta: { content: text } }] })
    response.write('data: [DONE]\n\n')
  }
  response.end()
}

let home: FakeApi
let elsewhere: FakeApi

beforeAll(async () => {
  elsewhere = await startStandInServer(({ path }, response) => {
    answer(path, response)
    return Promise.resolve()
  })
  home = await startStandInServer(({ path }, response) => {
    const away = /^\/away(\/.*)$/.exec(path)
    const moved = /^\/moved(\/.*)$/.exec(path)
    if (away) response.writeHead(307, { location: `${elsewhere.url}${away[1]}` }).end()
    else if (moved) response.writeHead(308, { location: moved[1] }).end()
    else answer(path, response)
    return Promise.resolve()
  })
})
afterAll(async () => {
  await home.close()
  await elsewhere.close()
})

const KINDS = [
  {
    type: 'openai',
    base: '/v1',
    key: (headers: Record<string, unknown>) => headers.authorization === `Bearer ${KEY}`,
  },
  {
    type: 'anthropic',
    base: '',
    key: (headers: Record<string, unknown>) => headers['x-api-key'] === KEY,
  },
  {
    type: 'gemini',
    base: '',
    key: (headers: Record<string, unknown>) => headers['x-goog-api-key'] === KEY,
  },
  {
    type: 'ollama',
    base: '',
    key: (headers: Record<string, unknown>) => headers.authorization === `Bearer ${KEY}`,
  },
] as const

function provider(type: string, baseUrl: string) {
  const config = {
    name: `${type}-redirect`,
    type,
    base_url: baseUrl,
    model: 'test-model',
    api_key_env: 'TEST_KEY',
  }
  return buildProvider(config as ProviderConfig, { env: { TEST_KEY: KEY } }).provider
}

describe('HTTP kinds and redirects', () => {
  for (const kind of KINDS) {
    it(`${kind.type}: a redirect to another origin is refused, naming it; nothing is sent there`, async () => {
      const before = elsewhere.requests.length
      const call = provider(kind.type, `${home.url}/away${kind.base}`).complete({ prompt: PROMPT })
      const error = await call.then(
        () => null,
        (failure: unknown) => failure,
      )
      expect(error).toBeInstanceOf(ProviderError)
      expect((error as ProviderError).message).toContain(
        `redirected to ${elsewhere.url}, another origin: not followed`,
      )
      expect(elsewhere.requests.length).toBe(before)
      expect(JSON.stringify(home.requests.at(-1)?.body)).toContain(PROMPT) // it did reach home
    })

    it(`${kind.type}: a redirect within the origin is followed, with the key`, async () => {
      const result = await provider(kind.type, `${home.url}/moved${kind.base}`).complete({
        prompt: PROMPT,
      })
      expect(result.text).toBe('same origin')
      const last = home.requests.at(-1)
      expect(last?.path.startsWith('/moved')).toBe(false)
      expect(kind.key(last?.headers ?? {})).toBe(true)
      expect(JSON.stringify(last?.body)).toContain(PROMPT)
    })
  }
})
