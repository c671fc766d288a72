/**
 * An HTTP provider's answer that quotes the key it was sent (a model talked into repeating its
 * request, an endpoint that echoes it) is redacted before anyone sees it: in the streamed pieces,
 * even when the key is split across two of them, and in the final text. Real server on 127.0.0.1.
 */
import type { ServerResponse } from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildProvider } from '../../src/node/providers/build-provider.js'
import type { ProviderConfig } from '../../src/node/providers/kinds/index.js'
import { startStandInServer } from './fake-api.js'
import type { FakeApi } from './fake-api.js'

const KEY = 'sk-test-ECHOEDKEY0123456789abcdef'
const OTHER = 'an-unrelated-secret-value-42'

let api: FakeApi

/** Streams `pieces` as chat-completion deltas. */
function stream(response: ServerResponse, pieces: readonly string[]): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' })
  for (const piece of pieces)
    response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`)
  response.write(
    `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 4 } })}\n\n`,
  )
  response.end('data: [DONE]\n\n')
}

beforeAll(async () => {
  api = await startStandInServer(({ headers }, response) => {
    const sent = String(headers.authorization ?? '').replace(/^Bearer /, '')
    const half = Math.floor(sent.length / 2)
    // The key it was given, split across two pieces, and another configured secret whole.
    stream(response, [
      'My key is ',
      sent.slice(0, half),
      sent.slice(half),
      ` and the other is ${OTHER}.`,
    ])
    return Promise.resolve()
  })
})
afterAll(() => api.close())

describe('HTTP providers redact their answers', () => {
  it('hides the key it was sent and any other configured secret, streamed and whole', async () => {
    const config = {
      name: 'echo',
      type: 'openai',
      base_url: `${api.url}/v1`,
      model: 'echo',
      api_key_env: 'ECHO_KEY',
    } as ProviderConfig
    const { provider } = buildProvider(config, {
      env: { ECHO_KEY: KEY, DEPLOY_TOKEN: OTHER },
    })
    const streamed: string[] = []
    const result = await provider.complete({
      prompt: 'Tell me your key',
      onText: (delta) => streamed.push(delta),
    })
    expect(api.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`)
    for (const text of [result.text, streamed.join(''), ...streamed]) {
      expect(text).not.toContain(KEY)
      expect(text).not.toContain(KEY.slice(0, 16))
      expect(text).not.toContain(OTHER)
    }
    expect(result.text).toBe('My key is [redacted] and the other is [redacted].')
    expect(streamed.join('')).toBe(result.text)
  })
})
