/**
 * A stand-in for Google's Gemini API on 127.0.0.1: `models/{model}:streamGenerateContent?alt=sse`
 * answers in server-sent events of GenerateContentResponse objects (text in
 * candidates[0].content.parts, usageMetadata, finishReason on the last), `GET /v1beta/models`
 * lists models, and errors come as Google sends them: `{error: {code, message, status}}`. The
 * model name picks the behaviour.
 */
import type { ServerResponse } from 'node:http'

import { API_KEY, json, personaAnswer, startStandInServer, wait } from './fake-api.js'
import type { FakeApi } from './fake-api.js'

function googleError(response: ServerResponse, code: number, status: string, message: string) {
  json(response, code, { error: { code, message, status } })
}

function chunk(text: string, extra: Record<string, unknown> = {}) {
  return {
    candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0, ...extra }],
    modelVersion: 'gemini-test',
  }
}

async function stream(model: string, response: ServerResponse): Promise<void> {
  if (model === 'blocked') {
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    response.end(`data: ${JSON.stringify({ promptFeedback: { blockReason: 'SAFETY' } })}\r\n\r\n`)
    return
  }
  if (model === 'whole') {
    // What the endpoint sends without alt=sse: one JSON array of responses.
    json(response, 200, [
      chunk('all '),
      {
        ...chunk('at once', { finishReason: 'STOP' }),
        usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 3 },
      },
    ])
    return
  }
  response.writeHead(200, { 'content-type': 'text/event-stream' })
  response.flushHeaders()
  // Google ends each event with CRLF pairs.
  const send = (value: unknown) => response.write(`data: ${JSON.stringify(value)}\r\n\r\n`)
  const pieces = model === 'persona' ? personaAnswer('Gemini') : ['Hallo', ', ', 'Welt', '.']
  for (const [index, piece] of pieces.entries()) {
    send({
      ...chunk(piece),
      usageMetadata: {
        promptTokenCount: 11,
        candidatesTokenCount: index + 1,
        totalTokenCount: 12 + index,
      },
    })
    await wait(20)
    if (model === 'stall' && index === 1) await wait(60_000)
    if (model === 'disconnect' && index === 1) {
      response.socket?.destroy()
      return
    }
    if (model === 'midstream-error' && index === 1) {
      send({ error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } })
      response.end()
      return
    }
    if (model === 'cut-short' && index === 1) {
      response.end()
      return
    }
  }
  send({
    ...chunk('', { finishReason: 'STOP' }),
    usageMetadata: {
      promptTokenCount: 11,
      candidatesTokenCount: 5,
      thoughtsTokenCount: model === 'thinking' ? 2 : undefined,
      totalTokenCount: 16,
    },
  })
  response.end()
}

export function startFakeGemini(): Promise<FakeApi> {
  return startStandInServer(async ({ method, path, headers }, response) => {
    const key = headers['x-goog-api-key']
    if (key !== API_KEY) {
      // Echoes what it was given (as some gateways do): the provider must hide it.
      googleError(
        response,
        400,
        'INVALID_ARGUMENT',
        `API key not valid: ${String(key)}. Please pass a valid API key.`,
      )
      return
    }
    if (method === 'GET' && path.startsWith('/v1beta/models?')) {
      json(response, 200, {
        models: [
          { name: 'models/gemini-test', supportedGenerationMethods: ['generateContent'] },
          { name: 'models/gemini-2.5-flash', supportedGenerationMethods: ['generateContent'] },
        ],
      })
      return
    }
    const match = /^\/v1beta\/models\/([^:/]+):streamGenerateContent\?alt=sse$/.exec(path)
    if (method !== 'POST' || !match) {
      googleError(response, 404, 'NOT_FOUND', `no route ${path}`)
      return
    }
    const model = decodeURIComponent(match[1] ?? '')
    if (model === 'unknown') {
      googleError(
        response,
        404,
        'NOT_FOUND',
        'models/unknown is not found for API version v1beta, or is not supported for generateContent.',
      )
      return
    }
    if (model === 'broken') {
      googleError(response, 500, 'INTERNAL', 'An internal error has occurred.')
      return
    }
    if (model === 'unauthenticated') {
      googleError(
        response,
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials.',
      )
      return
    }
    await stream(model, response)
  })
}
