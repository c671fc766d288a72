/**
 * The contract over a WebSocket: the page sends `{id, channel, payload}` and gets `{id, reply}`;
 * events arrive as `{event, payload}`. The backend's router validates each request, as the
 * Electron bridge does.
 */
import type { WebSocket, WebSocketServer } from 'ws'

import type { Backend } from '../backend/index.js'

interface RequestMessage {
  id: number
  channel: unknown
  payload: unknown
}

function parseRequest(data: string): RequestMessage | null {
  try {
    const message = JSON.parse(data) as Partial<RequestMessage> | null
    if (!message || typeof message !== 'object' || typeof message.id !== 'number') return null
    return { id: message.id, channel: message.channel, payload: message.payload }
  } catch {
    return null
  }
}

export function bridgeSockets(sockets: WebSocketServer, backend: Backend): () => void {
  const send = (socket: WebSocket, message: unknown): void => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
  }
  sockets.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => {
      if (isBinary || !(data instanceof Buffer)) return socket.close(1003, 'text only')
      const request = parseRequest(data.toString())
      if (!request) return socket.close(1007, 'not a contract request')
      void backend
        .invoke(request.channel, request.payload)
        .then((reply) => send(socket, { id: request.id, reply }))
    })
  })
  return backend.subscribe((event, payload) => {
    for (const socket of sockets.clients) send(socket, { event, payload })
  })
}
