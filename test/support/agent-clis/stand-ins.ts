/**
 * Stand-ins on 127.0.0.1 for the APIs the real agent CLIs call, one server for all of them:
 *
 * - Anthropic Messages: `POST /v1/messages` (claude), SSE `message_start` ... `message_stop`
 * - OpenAI Responses: `POST /v1/responses` (codex), SSE `response.created` ... `response.completed`
 * - OpenAI Chat Completions: `POST /v1/chat/completions` (opencode), SSE chunks, a usage chunk, [DONE]
 * - Gemini: `POST /v1beta/models/MODEL:streamGenerateContent?alt=sse` (gemini), SSE responses
 * - an npm registry that has nothing (`/npm/...`: opencode installs a plugin in the background)
 *
 * Every request is recorded (path, headers, parsed body), so a test can look at what a real CLI
 * sent: the tools it offered the model, the key it used. The answer, its pieces and the usage
 * reported come from `STAND_IN_ANSWERS`; what goes wrong is chosen by the request:
 *
 * | asked for                     | answer                                                    |
 * | ----------------------------- | --------------------------------------------------------- |
 * | a key other than `API_KEY`    | 401, in the API's own words                               |
 * | model `no-such-model`         | 404 (400 for Gemini), the model does not exist            |
 * | model `rate-limited`          | 429 with `retry-after: RETRY_AFTER_SECONDS`                |
 * | model `discussions-mcp-script` | Messages only: the next tool call of scripted-agent.ts   |
 * | model `discussions-mcp-pager`  | Messages only: the next read_discussion page (the same)  |
 * | any other model               | the persona answer, streamed in pieces                    |
 */
import { createServer } from 'node:http'
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { SCRIPTED_MODELS, nextStep } from './scripted-agent.js'

export const API_KEY = 'sk-standin-0123456789abcdef'
export const UNKNOWN_MODEL = 'no-such-model'
export const RATE_LIMITED_MODEL = 'rate-limited'
export const RETRY_AFTER_SECONDS = 37

export type StandInApi = 'anthropic' | 'responses' | 'chat' | 'gemini'

/** What each API streams back, and the usage it reports (distinct, so a test can tell them apart). */
export const STAND_IN_ANSWERS: Record<
  StandInApi,
  { pieces: string[]; inputTokens: number; outputTokens: number }
> = {
  anthropic: { pieces: personaPieces('Claude'), inputTokens: 1234, outputTokens: 42 },
  responses: { pieces: personaPieces('Codex'), inputTokens: 2345, outputTokens: 53 },
  chat: { pieces: personaPieces('Opencode'), inputTokens: 3456, outputTokens: 64 },
  gemini: { pieces: personaPieces('Gemini'), inputTokens: 4567, outputTokens: 75 },
}

/** An answer in the personas' contract, in pieces, so streaming shows. */
function personaPieces(who: string): string[] {
  return [
    `{"comment": "${who} has read the proposal.`,
    ' The plan holds;',
    ' ship it behind a flag.",',
    ' "vote": "READY"}',
  ]
}

export interface RecordedRequest {
  method: string
  /** Path and query. */
  url: string
  headers: IncomingHttpHeaders
  /** The JSON body, or null for none (or not JSON). */
  body: Record<string, unknown> | null
}

export interface StandIns {
  /** `http://127.0.0.1:PORT` */
  url: string
  port: number
  requests: RecordedRequest[]
  close(): Promise<void>
}

/** Between streamed pieces, so a reader sees them arrive one by one. */
const PIECE_DELAY_MS = 60

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function sendJson(
  response: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify(value))
}

function openStream(response: ServerResponse): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  })
  response.flushHeaders()
}

/** One server-sent event; `event:` only when the API names its events. */
function sse(response: ServerResponse, data: unknown, event?: string): void {
  const text = typeof data === 'string' ? data : JSON.stringify(data)
  response.write(`${event ? `event: ${event}\n` : ''}data: ${text}\n\n`)
}

function keyOf(headers: IncomingHttpHeaders, url: URL): string | undefined {
  const bearer = headers.authorization?.replace(/^Bearer\s+/i, '')
  const header = headers['x-api-key'] ?? headers['x-goog-api-key']
  return (
    (typeof header === 'string' ? header : undefined) ??
    bearer ??
    url.searchParams.get('key') ??
    undefined
  )
}

type Trouble = 'auth' | 'model' | 'rate' | null

function troubleOf(key: string | undefined, model: string): Trouble {
  if (key !== API_KEY) return 'auth'
  if (model === UNKNOWN_MODEL) return 'model'
  if (model === RATE_LIMITED_MODEL) return 'rate'
  return null
}

const RATE_HEADERS = { 'retry-after': String(RETRY_AFTER_SECONDS) }

async function anthropic(
  body: Record<string, unknown>,
  key: string | undefined,
  response: ServerResponse,
) {
  const model = typeof body.model === 'string' ? body.model : ''
  const trouble = troubleOf(key, model)
  const error = (status: number, type: string, message: string, headers = {}) =>
    sendJson(response, status, { type: 'error', error: { type, message } }, headers)
  if (trouble === 'auth') return error(401, 'authentication_error', 'invalid x-api-key')
  if (trouble === 'model') return error(404, 'not_found_error', `model: ${model}`)
  if (trouble === 'rate')
    return error(
      429,
      'rate_limit_error',
      'This request would exceed the rate limit for your organization of 50 requests per minute.',
      RATE_HEADERS,
    )
  if (SCRIPTED_MODELS.includes(model)) return scriptedAnthropic(body, model, response)
  const answer = STAND_IN_ANSWERS.anthropic
  await sendMessage(body, model, response, {
    block: { type: 'text', text: answer.pieces.join('') },
    start: { type: 'text', text: '' },
    deltas: answer.pieces.map((piece) => ({ type: 'text_delta', text: piece })),
    stopReason: 'end_turn',
    usage: { input_tokens: answer.inputTokens, output_tokens: answer.outputTokens },
  })
}

/** One content block of a Messages answer, whole and as it streams. */
interface MessageAnswer {
  /** The block in a whole (non-streamed) answer. */
  block: Record<string, unknown>
  /** The block as `content_block_start` opens it, then its `content_block_delta` deltas. */
  start: Record<string, unknown>
  deltas: Record<string, unknown>[]
  stopReason: 'end_turn' | 'tool_use'
  usage: { input_tokens: number; output_tokens: number }
}

/** A Messages answer, whole, or as SSE `message_start` ... `message_stop` when streamed. */
async function sendMessage(
  body: Record<string, unknown>,
  model: string,
  response: ServerResponse,
  answer: MessageAnswer,
) {
  const { usage } = answer
  if (body.stream !== true) {
    sendJson(response, 200, {
      id: 'msg_standin',
      type: 'message',
      role: 'assistant',
      model,
      content: [answer.block],
      stop_reason: answer.stopReason,
      stop_sequence: null,
      usage,
    })
    return
  }
  openStream(response)
  const message = {
    id: 'msg_standin',
    type: 'message',
    role: 'assistant',
    // The API names the model that answered: the one asked for, here.
    model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: usage.input_tokens, output_tokens: 1 },
  }
  sse(response, { type: 'message_start', message }, 'message_start')
  sse(
    response,
    { type: 'content_block_start', index: 0, content_block: answer.start },
    'content_block_start',
  )
  for (const delta of answer.deltas) {
    await wait(PIECE_DELAY_MS)
    sse(response, { type: 'content_block_delta', index: 0, delta }, 'content_block_delta')
  }
  sse(response, { type: 'content_block_stop', index: 0 }, 'content_block_stop')
  sse(
    response,
    {
      type: 'message_delta',
      delta: { stop_reason: answer.stopReason, stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    },
    'message_delta',
  )
  sse(response, { type: 'message_stop' }, 'message_stop')
  response.end()
}

/**
 * The scripted MCP client's next step (scripted-agent.ts), as the Messages API gives a tool call:
 * a `tool_use` block whose input streams as `input_json_delta` pieces, `stop_reason: tool_use`;
 * or the closing text, `end_turn`.
 */
async function scriptedAnthropic(
  body: Record<string, unknown>,
  model: string,
  response: ServerResponse,
) {
  const step = nextStep(body)
  const usage = { input_tokens: 100, output_tokens: 20 }
  if (step.kind === 'text') {
    await sendMessage(body, model, response, {
      block: { type: 'text', text: step.text },
      start: { type: 'text', text: '' },
      deltas: [{ type: 'text_delta', text: step.text }],
      stopReason: 'end_turn',
      usage,
    })
    return
  }
  // The input's JSON in two pieces, as the API streams it: a client must put them together.
  const json = JSON.stringify(step.input)
  const half = json.length >> 1
  await sendMessage(body, model, response, {
    block: { type: 'tool_use', id: step.id, name: step.name, input: step.input },
    start: { type: 'tool_use', id: step.id, name: step.name, input: {} },
    deltas: [json.slice(0, half), json.slice(half)].map((piece) => ({
      type: 'input_json_delta',
      partial_json: piece,
    })),
    stopReason: 'tool_use',
    usage,
  })
}

function openaiError(
  response: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string,
  headers = {},
) {
  sendJson(response, status, { error: { message, type, param: null, code } }, headers)
}

/** OpenAI's errors, shared by Responses and Chat Completions. Returns true when it answered. */
function openaiTrouble(key: string | undefined, model: string, response: ServerResponse): boolean {
  const trouble = troubleOf(key, model)
  if (trouble === 'auth')
    openaiError(
      response,
      401,
      'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
      'invalid_request_error',
      'invalid_api_key',
    )
  else if (trouble === 'model')
    openaiError(
      response,
      404,
      `The model \`${model}\` does not exist or you do not have access to it.`,
      'invalid_request_error',
      'model_not_found',
    )
  else if (trouble === 'rate')
    openaiError(
      response,
      429,
      `Rate limit reached for ${model} on tokens per min (TPM): Limit 30000, Used 30000, Requested 100. Please try again in ${RETRY_AFTER_SECONDS}s.`,
      'tokens',
      'rate_limit_exceeded',
      RATE_HEADERS,
    )
  return trouble !== null
}

async function responses(
  body: Record<string, unknown>,
  key: string | undefined,
  response: ServerResponse,
) {
  const model = typeof body.model === 'string' ? body.model : ''
  if (openaiTrouble(key, model, response)) return
  const answer = STAND_IN_ANSWERS.responses
  const text = answer.pieces.join('')
  const item = (status: string, content: unknown[]) => ({
    id: 'msg_standin',
    type: 'message',
    role: 'assistant',
    status,
    content,
  })
  const base = {
    id: 'resp_standin',
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    model,
  }
  openStream(response)
  let sequence = 0
  const send = (value: Record<string, unknown>) =>
    sse(response, { ...value, sequence_number: sequence++ }, String(value.type))
  send({ type: 'response.created', response: { ...base, status: 'in_progress', output: [] } })
  send({ type: 'response.in_progress', response: { ...base, status: 'in_progress', output: [] } })
  send({ type: 'response.output_item.added', output_index: 0, item: item('in_progress', []) })
  send({
    type: 'response.content_part.added',
    item_id: 'msg_standin',
    output_index: 0,
    content_index: 0,
    part: { type: 'output_text', text: '', annotations: [] },
  })
  for (const piece of answer.pieces) {
    await wait(PIECE_DELAY_MS)
    send({
      type: 'response.output_text.delta',
      item_id: 'msg_standin',
      output_index: 0,
      content_index: 0,
      delta: piece,
    })
  }
  const part = { type: 'output_text', text, annotations: [] }
  send({
    type: 'response.output_text.done',
    item_id: 'msg_standin',
    output_index: 0,
    content_index: 0,
    text,
  })
  send({
    type: 'response.content_part.done',
    item_id: 'msg_standin',
    output_index: 0,
    content_index: 0,
    part,
  })
  send({ type: 'response.output_item.done', output_index: 0, item: item('completed', [part]) })
  send({
    type: 'response.completed',
    response: {
      ...base,
      status: 'completed',
      output: [item('completed', [part])],
      usage: {
        input_tokens: answer.inputTokens,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: answer.outputTokens,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: answer.inputTokens + answer.outputTokens,
      },
    },
  })
  response.end()
}

async function chat(
  body: Record<string, unknown>,
  key: string | undefined,
  response: ServerResponse,
) {
  const model = typeof body.model === 'string' ? body.model : ''
  if (openaiTrouble(key, model, response)) return
  const answer = STAND_IN_ANSWERS.chat
  const usage = {
    prompt_tokens: answer.inputTokens,
    completion_tokens: answer.outputTokens,
    total_tokens: answer.inputTokens + answer.outputTokens,
  }
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
    id: 'chatcmpl-standin',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices,
    ...extra,
  })
  if (body.stream !== true) {
    sendJson(response, 200, {
      id: 'chatcmpl-standin',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: answer.pieces.join('') },
          finish_reason: 'stop',
        },
      ],
      usage,
    })
    return
  }
  openStream(response)
  sse(
    response,
    chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]),
  )
  for (const piece of answer.pieces) {
    await wait(PIECE_DELAY_MS)
    sse(response, chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]))
  }
  sse(response, chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]))
  sse(response, chunk([], { usage }))
  sse(response, '[DONE]')
  response.end()
}

async function gemini(model: string, key: string | undefined, response: ServerResponse) {
  const trouble = troubleOf(key, model)
  const error = (
    code: number,
    status: string,
    message: string,
    details: unknown[] = [],
    headers = {},
  ) => sendJson(response, code, { error: { code, message, status, details } }, headers)
  if (trouble === 'auth')
    return error(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'API_KEY_INVALID',
        domain: 'googleapis.com',
      },
    ])
  if (trouble === 'model')
    return error(
      404,
      'NOT_FOUND',
      `models/${model} is not found for API version v1beta, or is not supported for generateContent.`,
    )
  if (trouble === 'rate')
    return error(
      429,
      'RESOURCE_EXHAUSTED',
      `You exceeded your current quota, please check your plan and billing details. Please retry in ${RETRY_AFTER_SECONDS}s.`,
      [
        {
          '@type': 'type.googleapis.com/google.rpc.RetryInfo',
          retryDelay: `${RETRY_AFTER_SECONDS}s`,
        },
      ],
      { 'retry-after': String(RETRY_AFTER_SECONDS) },
    )
  const answer = STAND_IN_ANSWERS.gemini
  openStream(response)
  const last = answer.pieces.length - 1
  for (const [index, piece] of answer.pieces.entries()) {
    if (index > 0) await wait(PIECE_DELAY_MS)
    sse(response, {
      candidates: [
        {
          content: { role: 'model', parts: [{ text: piece }] },
          index: 0,
          ...(index === last ? { finishReason: 'STOP' } : {}),
        },
      ],
      usageMetadata: {
        promptTokenCount: answer.inputTokens,
        candidatesTokenCount: index === last ? answer.outputTokens : index + 1,
        totalTokenCount: answer.inputTokens + (index === last ? answer.outputTokens : index + 1),
      },
      modelVersion: model,
      responseId: 'standin',
    })
  }
  response.end()
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  if (text === '') return null
  try {
    const value: unknown = JSON.parse(text)
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

async function route(
  request: IncomingMessage,
  response: ServerResponse,
  recorded: RecordedRequest[],
) {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  const body = await readBody(request)
  recorded.push({
    method: request.method ?? '',
    url: url.pathname + url.search,
    headers: request.headers,
    body,
  })
  const key = keyOf(request.headers, url)
  const path = url.pathname
  if (request.method === 'POST' && path.endsWith('/v1/messages'))
    return anthropic(body ?? {}, key, response)
  if (request.method === 'POST' && path.endsWith('/v1/responses'))
    return responses(body ?? {}, key, response)
  if (request.method === 'POST' && path.endsWith('/chat/completions'))
    return chat(body ?? {}, key, response)
  const geminiCall = /\/models\/([^/:]+):streamGenerateContent$/.exec(path)
  if (request.method === 'POST' && geminiCall)
    return gemini(decodeURIComponent(geminiCall[1] ?? ''), key, response)
  // Anything else (a model list, a registry lookup, a telemetry ping): nothing here.
  sendJson(response, 404, { error: { message: `no such thing on the stand-in: ${path}` } })
}

/** Starts the stand-ins on 127.0.0.1 (port 0 picks a free one). */
export async function startStandIns(port = 0): Promise<StandIns> {
  const requests: RecordedRequest[] = []
  const server: Server = createServer((request, response) => {
    route(request, response, requests).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } })
      else response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const actual = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
