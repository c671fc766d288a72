/**
 * The contract over a WebSocket (see shared/contract/socket-protocol.ts). Every frame is hostile
 * until the envelope's schema passed: a bad frame costs at most its own socket, never the server.
 * The `ws` library closes a socket itself on an oversized frame (1009) or invalid UTF-8 (1007) and
 * then emits `error`, which must be handled or the process dies.
 */
import type { WebSocket, WebSocketServer } from 'ws'

import type { Backend } from '../backend/index.js'
import { PAGE_BYTES, socketRequestSchema } from '../shared/contract/socket-protocol.js'
import type { Reply } from '../shared/contract/index.js'

type Envelope = { ok: true; id: number; channel: string; payload: unknown } | { ok: false }

function parseEnvelope(text: string): Envelope | { ok: false; id: number; message: string } {
  let message: unknown
  try {
    message = JSON.parse(text)
  } catch {
    return { ok: false }
  }
  const parsed = socketRequestSchema.safeParse(message)
  if (parsed.success) return { ok: true, ...parsed.data }
  // A usable id gets an answer saying what was wrong; anything else closes the socket.
  const id = (message as { id?: unknown } | null)?.id
  if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) {
    const [issue] = parsed.error.issues
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    return { ok: false, id, message: `Not a valid request: ${where}${issue?.message ?? ''}`.trim() }
  }
  return { ok: false }
}

/**
 * The frames that carry a reply: one when it is small; otherwise, for a list, pages of items of
 * about PAGE_BYTES each, the last one inside the final `{id, reply}`. Each item is serialized on its
 * own, so no string holds the whole answer.
 */
export function* replyFrames(id: number, reply: Reply<unknown>): Generator<string> {
  const value = 'value' in reply ? reply.value : undefined
  if (!Array.isArray(value)) {
    yield JSON.stringify({ id, reply })
    return
  }
  let page: string[] = []
  let size = 0
  for (const item of value) {
    const json = JSON.stringify(item) ?? 'null'
    if (page.length > 0 && size + json.length > PAGE_BYTES) {
      yield `{"id":${id},"items":[${page.join(',')}]}`
      page = []
      size = 0
    }
    page.push(json)
    size += json.length + 1
  }
  yield `{"id":${id},"reply":{"value":[${page.join(',')}]}}`
}

function tooLarge(id: number): string {
  return JSON.stringify({
    id,
    reply: { error: { message: 'The answer is too large to send: ask for fewer items at once.' } },
  })
}

export function bridgeSockets(
  sockets: WebSocketServer,
  backend: Backend,
  onSocketError: (error: Error) => void = () => {},
): () => void {
  const send = (socket: WebSocket, frame: string): void => {
    if (socket.readyState === socket.OPEN) socket.send(frame)
  }
  const answer = (socket: WebSocket, id: number, reply: Reply<unknown>): void => {
    try {
      for (const frame of replyFrames(id, reply)) send(socket, frame)
    } catch {
      // A string past V8's limit (an item of hundreds of MB): say so instead of dying.
      send(socket, tooLarge(id))
    }
  }

  sockets.on('connection', (socket) => {
    socket.on('error', onSocketError)
    socket.on('message', (data, isBinary) => {
      if (isBinary || !(data instanceof Buffer)) return socket.close(1003, 'text only')
      const request = parseEnvelope(data.toString())
      if (!request.ok) {
        if ('id' in request)
          return answer(socket, request.id, { error: { message: request.message } })
        return socket.close(1008, 'not a contract request')
      }
      backend
        .invoke(request.channel, request.payload)
        .catch((error: unknown) => ({
          error: { message: error instanceof Error ? error.message : 'The request failed.' },
        }))
        .then((reply) => answer(socket, request.id, reply))
        .catch(onSocketError)
    })
  })
  sockets.on('error', onSocketError)
  return backend.subscribe((event, payload) => {
    let frame: string
    try {
      frame = JSON.stringify({ event, payload })
    } catch {
      return
    }
    for (const socket of sockets.clients) send(socket, frame)
  })
}
