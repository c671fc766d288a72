/**
 * An OpenAI-compatible stand-in on 127.0.0.1 that meters as a paid API does, by a fixed rule of
 * its own: a request's prompt tokens are a quarter of the bytes it received, and every answer is
 * `ANSWER_TOKENS` tokens long. It records every request, so a test can say how many were made.
 * The model picks the behaviour: `metered` answers at once; `long` streams a long answer slowly
 * and reports no usage (a provider that ignores its ceiling).
 */
import { json, startStandInServer, wait } from '../providers/fake-api.js'
import type { FakeApi } from '../providers/fake-api.js'

export const ANSWER_TOKENS = 500

/** A persona's answer (the response contract), padded to look like a real one. */
export function meteredAnswer(): string {
  return JSON.stringify({
    comment: `The proposal is sound. ${'We should measure before we widen it. '.repeat(20)}`,
    vote: 'READY',
  })
}

export function startMeteredApi(): Promise<FakeApi> {
  return startStandInServer(async ({ path, body }, response) => {
    if (path !== '/v1/chat/completions') {
      json(response, 404, { error: { message: `no route ${path}` } })
      return
    }
    const model = typeof body.model === 'string' ? body.model : ''
    const received = Buffer.byteLength(JSON.stringify(body))
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    response.flushHeaders()
    const send = (value: unknown) => response.write(`data: ${JSON.stringify(value)}\n\n`)
    if (model === 'long') {
      for (let i = 0; i < 400 && !response.destroyed; i++) {
        send({
          model,
          choices: [{ index: 0, delta: { content: `${i === 0 ? '' : ' '}word${i} filler text` } }],
        })
        await wait(5)
      }
    } else {
      const text = meteredAnswer()
      for (let at = 0; at < text.length; at += 200)
        send({ model, choices: [{ index: 0, delta: { content: text.slice(at, at + 200) } }] })
      send({
        model,
        choices: [],
        usage: { prompt_tokens: Math.ceil(received / 4), completion_tokens: ANSWER_TOKENS },
      })
    }
    response.write('data: [DONE]\n\n')
    response.end()
  })
}
