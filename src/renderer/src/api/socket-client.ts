/**
 * The contract over the browser mode's WebSocket (protocol: shared/contract/socket-protocol.ts).
 * The token is offered in the handshake as a subprotocol (`token.<token>`), which browsers send
 * with the upgrade request and no other server ever sees. A dropped connection is retried with
 * backoff, and the calls in flight fail with a message saying why instead of hanging.
 */
import { buildApi } from '@shared/contract/build-api'
import { CLOSE_REASONS } from '@shared/contract/socket-protocol'
import type { Api, EventChannel, InvokeChannel, Reply } from '@shared/contract'
import { notifyError } from '../notify'
import { MISSING_TOKEN } from './session-token'

interface Pending {
  /** Items of a paged list reply received so far. */
  items: unknown[]
  resolve: (reply: Reply<unknown>) => void
}

interface ServerMessage {
  id?: number
  reply?: Reply<unknown>
  items?: unknown[]
  event?: string
  payload?: unknown
}

const CALL_TIMEOUT_MS = 60_000
const LOST = 'The connection to the app server was lost; is `discussions ui` still running?'

/** What the person is told when the server closed the socket on purpose. */
function closeMessage(event: CloseEvent): string | null {
  const reason = CLOSE_REASONS[event.code]
  return reason ? `The app server closed the connection: ${reason}. Reconnected.` : null
}

export function socketApi(url: string, token: string | null): Api {
  let socket: WebSocket | null = null
  let ready: Promise<WebSocket> | null = null
  let nextId = 1
  let retryMs = 250
  const pending = new Map<number, Pending>()
  const listeners = new Map<string, Set<(payload: unknown) => void>>()

  const failAll = (message: string): void => {
    for (const [id, call] of pending) {
      pending.delete(id)
      call.resolve({ error: { message } })
    }
  }

  const receive = (data: string): void => {
    let message: ServerMessage
    try {
      message = JSON.parse(data) as ServerMessage
    } catch {
      return
    }
    const call = message.id !== undefined ? pending.get(message.id) : undefined
    if (call && message.items) {
      call.items.push(...message.items)
    } else if (call && message.id !== undefined && message.reply) {
      pending.delete(message.id)
      const { reply } = message
      const paged = call.items.length > 0 && 'value' in reply && Array.isArray(reply.value)
      call.resolve(paged ? { value: [...call.items, ...(reply.value as unknown[])] } : reply)
    } else if (message.event) {
      for (const listener of listeners.get(message.event) ?? []) listener(message.payload)
    }
  }

  const connect = (): Promise<WebSocket> => {
    ready ??= new Promise<WebSocket>((resolve, reject) => {
      if (token === null) return reject(new Error(MISSING_TOKEN))
      const ws = new WebSocket(url, ['discussions', `token.${token}`])
      ws.onopen = () => {
        socket = ws
        retryMs = 250
        resolve(ws)
      }
      ws.onmessage = (event: MessageEvent<string>) => receive(event.data)
      ws.onclose = (event) => {
        const wasOpen = socket === ws
        socket = null
        ready = null
        const why = closeMessage(event)
        if (why) notifyError(why)
        failAll(why ?? LOST)
        if (!wasOpen) reject(new Error('Cannot reach the app server.'))
        // Keep listening for events: reconnect in the background while anyone subscribes.
        if (listeners.size > 0) {
          setTimeout(() => void connect().catch(() => {}), why ? 0 : retryMs)
          retryMs = Math.min(retryMs * 2, 10_000)
        }
      }
    })
    return ready
  }

  const invoke = async (channel: InvokeChannel, request: unknown): Promise<Reply<unknown>> => {
    let ws: WebSocket
    try {
      ws = socket ?? (await connect())
    } catch (error) {
      if (error instanceof Error && error.message === MISSING_TOKEN)
        return { error: { message: MISSING_TOKEN } }
      return { error: { message: 'Cannot reach the app server; is `discussions ui` running?' } }
    }
    const id = nextId++
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(id)
        resolve({ error: { message: `${channel}: no answer from the app server.` } })
      }, CALL_TIMEOUT_MS)
      pending.set(id, {
        items: [],
        resolve: (reply) => {
          clearTimeout(timer)
          resolve(reply)
        },
      })
      ws.send(JSON.stringify({ id, channel, payload: request }))
    })
  }

  const subscribe = (channel: EventChannel, listener: (payload: unknown) => void) => {
    let set = listeners.get(channel)
    if (!set) listeners.set(channel, (set = new Set()))
    set.add(listener)
    void connect().catch(() => {})
    return () => {
      set.delete(listener)
      if (set.size === 0) listeners.delete(channel)
    }
  }

  return buildApi(invoke, subscribe)
}
