/**
 * A real HTTP server on 127.0.0.1 (port 0) that speaks just enough of the OpenAI chat-completions
 * and Anthropic Messages protocols to test the providers: streamed answers with usage, errors
 * before and during the stream, a stream that stalls, a server that ignores `stream: true`.
 * The model name picks the behaviour.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const API_KEY = 'sk-test-FAKEAPIKEY0123456789'

export interface FakeApi {
  url: string
  /** Every request body received, in order. */
  requests: { path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[]
  close(): Promise<void>
}

/** An answer in the personas' response contract, in streamed pieces: what a turn expects. */
export function personaAnswer(who: string): string[] {
  return [
    `{"comment": "${who} has read the proposal.`,
    ` Ship it behind a flag.", `,
    '"vote": "READY"}',
  ]
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = ''
  for await (const chunk of request) text += String(chunk)
  return text ? (JSON.parse(text) as Record<string, unknown>) : {}
}

export function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(value))
}

function startStream(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  response.flushHeaders()
}

async function openai(model: string, response: ServerResponse, key: string | undefined) {
  if (key !== `Bearer ${API_KEY}` && model !== 'local') {
    // Like OpenAI, the server echoes the key it was given; the provider must hide it.
    json(response, 401, {
      error: {
        message: `Incorrect API key provided: ${key ?? 'none'}`,
        type: 'invalid_request_error',
      },
    })
    return
  }
  if (model === 'broken') {
    json(response, 500, { error: { message: 'The server had an error processing your request.' } })
    return
  }
  if (model === 'whole') {
    json(response, 200, {
      choices: [{ message: { role: 'assistant', content: 'all at once' } }],
      usage: { prompt_tokens: 7, completion_tokens: 3 },
    })
    return
  }
  startStream(response)
  const send = (value: unknown) => response.write(`data: ${JSON.stringify(value)}\n\n`)
  const pieces = ['Hello', ', ', 'world', '.']
  for (const [index, piece] of pieces.entries()) {
    send({ choices: [{ index: 0, delta: { content: piece } }] })
    await wait(20)
    if (model === 'stall' && index === 1) await wait(60_000)
    if (model === 'midstream-error' && index === 1) {
      send({ error: { message: 'model overloaded' } })
      response.end()
      return
    }
  }
  if (model !== 'no-usage')
    send({ choices: [], usage: { prompt_tokens: 12, completion_tokens: 4 } })
  response.write('data: [DONE]\n\n')
  response.end()
}

async function anthropic(
  model: string,
  response: ServerResponse,
  headers: IncomingMessage['headers'],
) {
  if (headers['x-api-key'] !== API_KEY || headers['anthropic-version'] !== '2023-06-01') {
    json(response, 401, {
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
    })
    return
  }
  startStream(response)
  const send = (event: string, value: unknown) =>
    response.write(
      `event: ${event}\ndata: ${JSON.stringify({ type: event, ...(value as object) })}\n\n`,
    )
  send('message_start', { message: { id: 'msg_1', usage: { input_tokens: 25, output_tokens: 1 } } })
  send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } })
  send('ping', {})
  for (const [index, piece] of ['Bonjour', ' le ', 'monde'].entries()) {
    send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } })
    await wait(20)
    if (model === 'stall' && index === 0) await wait(60_000)
    if (model === 'overloaded' && index === 0) {
      send('error', { error: { type: 'overloaded_error', message: 'Overloaded' } })
      response.end()
      return
    }
  }
  send('content_block_stop', { index: 0 })
  send('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 9 } })
  send('message_stop', {})
  response.end()
}

/** A request as a stand-in's route sees it: path with query, headers, parsed JSON body. */
export interface StandInRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: Record<string, unknown>
}

/**
 * Starts a stand-in server on 127.0.0.1 (port 0) that records every request and hands it to
 * `route`; a route that throws drops the connection, as a crashing server would.
 */
export async function startStandInServer(
  route: (request: StandInRequest, response: ServerResponse) => Promise<void>,
): Promise<FakeApi> {
  const requests: FakeApi['requests'] = []
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request)
      const path = request.url ?? ''
      requests.push({ path, headers: request.headers, body })
      await route(
        { method: request.method ?? 'GET', path, headers: request.headers, body },
        response,
      )
    })().catch(() => response.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function startFakeApi(): Promise<FakeApi> {
  return startStandInServer(async ({ method, path, headers, body }, response) => {
    const model = typeof body.model === 'string' ? body.model : ''
    if (path === '/v1/models' && method === 'GET') {
      json(response, 200, { object: 'list', data: [{ id: 'gpt-test' }, { id: 'local' }] })
    } else if (path === '/v1/chat/completions') {
      await openai(model, response, headers.authorization)
    } else if (path === '/v1/messages') {
      await anthropic(model, response, headers)
    } else {
      json(response, 404, { error: { message: `no route ${path}` } })
    }
  })
}
