/**
 * An OpenAI-compatible stand-in on 127.0.0.1 that meters as a paid API does, by a fixed rule of
 * its own: a request's prompt tokens are a quarter of the bytes it received, and every answer is
 * `ANSWER_TOKENS` tokens long. It records every request, so a test can say how many were made.
 * A debate's participant gets an answer its step can read (`debateAnswer`).
 * The model picks the behaviour: `metered` answers at once; `long` streams a long answer slowly
 * and reports no usage (a provider that ignores its ceiling); `offtopic` answers JSON that holds no step's answer.
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

const field = (prompt: string, name: string): string =>
  new RegExp(`^${name}: (.*)$`, 'm').exec(prompt)?.[1]?.trim() ?? ''

/**
 * A debate participant's answer for the step its prompt names (`DEBATE-STEP: propose` ...): a
 * padded proposal, no critiques, a defense, a ballot approving every proposal in play. Null for a
 * prompt that is no debate's.
 */
export function debateAnswer(prompt: string): string | null {
  // As long as the answer it bills (about four characters a token): later steps quote it.
  const padding = 'We should measure before we widen it. '.repeat(
    Math.floor((ANSWER_TOKENS * 4) / 39),
  )
  switch (field(prompt, 'DEBATE-STEP')) {
    case 'propose':
      return JSON.stringify({ proposal: `Cache the hot reads. ${padding}`, confidence: 0.8 })
    case 'critique':
      return JSON.stringify({ critiques: [] })
    case 'defend':
      return JSON.stringify({
        addresses: [],
        response: `Nothing to answer. ${padding}`,
        modified: null,
      })
    case 'vote': {
      const inPlay = field(prompt, 'IN-PLAY')
      const approves = inPlay === '' || inPlay === 'none' ? [] : inPlay.split(/, /)
      return JSON.stringify({ approves, justification: `It holds. ${padding}` })
    }
    default:
      return null
  }
}

/** The text of a chat request's messages. */
function promptOf(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : []
  return messages
    .map((message) => (typeof message.content === 'string' ? message.content : ''))
    .join('\n')
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
      // `offtopic` answers JSON that holds no step's answer, billed all the same.
      const text =
        model === 'offtopic'
          ? JSON.stringify({ note: 'I have nothing to add.' })
          : (debateAnswer(promptOf(body)) ?? meteredAnswer())
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
