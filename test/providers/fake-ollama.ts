/**
 * A stand-in for Ollama's native API on 127.0.0.1: `POST /api/chat` streams newline-delimited
 * JSON (`message.content` pieces, then `done: true` with `prompt_eval_count` / `eval_count`),
 * `GET /api/tags` lists models, errors are `{"error": "..."}`. The model name picks the behaviour.
 */
import type { ServerResponse } from 'node:http'

import { API_KEY, json, personaAnswer, startStandInServer, wait } from './fake-api.js'
import type { FakeApi } from './fake-api.js'

const created = '2026-11-23T12:00:00.000000Z'

async function chat(model: string, response: ServerResponse): Promise<void> {
  const done = {
    model,
    created_at: created,
    message: { role: 'assistant', content: '' },
    done: true,
    done_reason: 'stop',
    total_duration: 912345678,
    load_duration: 12345678,
    prompt_eval_count: 26,
    prompt_eval_duration: 123456,
    eval_count: 5,
    eval_duration: 654321,
  }
  if (model === 'whole') {
    json(response, 200, { ...done, message: { role: 'assistant', content: 'all at once' } })
    return
  }
  response.writeHead(200, { 'content-type': 'application/x-ndjson' })
  response.flushHeaders()
  const send = (value: unknown) => response.write(`${JSON.stringify(value)}\n`)
  if (model === 'garbage') {
    response.end('<html>502 Bad Gateway</html>\n')
    return
  }
  if (model === 'flood') {
    // A hostile or broken server that never stops: the provider must stop reading.
    const line = `${JSON.stringify({ model, message: { role: 'assistant', content: 'x'.repeat(60_000) }, done: false })}\n`
    for (let i = 0; i < 100 && !response.destroyed; i++) {
      if (!response.write(line)) await new Promise((resolve) => response.once('drain', resolve))
    }
    response.end()
    return
  }
  const pieces = model === 'persona' ? personaAnswer('Ollama') : ['Hola', ', ', 'mundo', '.']
  for (const [index, piece] of pieces.entries()) {
    send({
      model,
      created_at: created,
      message: { role: 'assistant', content: piece },
      done: false,
    })
    await wait(20)
    if (model === 'stall' && index === 1) await wait(60_000)
    if (model === 'disconnect' && index === 1) {
      response.socket?.destroy()
      return
    }
    if (model === 'midstream-error' && index === 1) {
      send({ error: 'an error was encountered while running the model: CUDA error: out of memory' })
      response.end()
      return
    }
    if (model === 'cut-short' && index === 1) {
      response.end()
      return
    }
  }
  send(done)
  response.end()
}

export function startFakeOllama(): Promise<FakeApi> {
  return startStandInServer(async ({ method, path, headers, body }, response) => {
    const model = typeof body.model === 'string' ? body.model : ''
    if (model === 'private' && headers.authorization !== `Bearer ${API_KEY}`) {
      // A proxy in front of Ollama that wants a token, and echoes what it got.
      json(response, 401, { error: `unauthorized: ${headers.authorization ?? 'no token'}` })
      return
    }
    if (method === 'GET' && path === '/api/tags') {
      json(response, 200, {
        models: [
          {
            name: 'llama3.2:latest',
            model: 'llama3.2:latest',
            modified_at: created,
            size: 2019393189,
            digest: 'a80c4f17acd5',
            details: { family: 'llama', parameter_size: '3.2B', quantization_level: 'Q4_K_M' },
          },
          {
            name: 'qwen3:8b',
            model: 'qwen3:8b',
            modified_at: created,
            size: 5225388164,
            digest: '500a1f067a9f',
            details: { family: 'qwen3', parameter_size: '8.2B', quantization_level: 'Q4_K_M' },
          },
        ],
      })
      return
    }
    if (method !== 'POST' || path !== '/api/chat') {
      response.writeHead(404, { 'content-type': 'text/plain' })
      response.end('404 page not found')
      return
    }
    if (model === 'missing') {
      json(response, 404, { error: `model "${model}" not found, try pulling it first` })
      return
    }
    if (model === 'broken') {
      json(response, 500, { error: 'llama runner process has terminated: exit status 2' })
      return
    }
    await chat(model, response)
  })
}
