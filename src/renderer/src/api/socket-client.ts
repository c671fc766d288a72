/**
 * The contract over the browser mode's WebSocket. The session cookie (set when the page was opened
 * with its one-time token) authenticates the socket; a dropped connection is retried with backoff,
 * and the calls in flight fail with a message instead of hanging.
 */
import { buildApi } from '../../../shared/contract/build-api'
import type { Api, EventChannel, InvokeChannel, Reply } from '../../../shared/contract'

interface Pending {
  resolve: (reply: Reply<unknown>) => void
}

const CALL_TIMEOUT_MS = 60_000

export function socketApi(url: string): Api {
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

  const connect = (): Promise<WebSocket> => {
    ready ??= new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url)
      ws.onopen = () => {
        socket = ws
        retryMs = 250
        resolve(ws)
      }
      ws.onmessage = (event: MessageEvent<string>) => {
        const message = JSON.parse(event.data) as {
          id?: number
          reply?: Reply<unknown>
          event?: string
          payload?: unknown
        }
        if (message.id !== undefined && message.reply) {
          pending.get(message.id)?.resolve(message.reply)
          pending.delete(message.id)
        } else if (message.event) {
          for (const listener of listeners.get(message.event) ?? []) listener(message.payload)
        }
      }
      ws.onclose = () => {
        const wasOpen = socket === ws
        socket = null
        ready = null
        failAll('The connection to the app server was lost; is `discussions ui` still running?')
        if (!wasOpen) reject(new Error('Cannot reach the app server.'))
        // Keep listening for events: reconnect in the background while anyone subscribes.
        if (listeners.size > 0) {
          setTimeout(() => void connect().catch(() => {}), retryMs)
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
    } catch {
      return { error: { message: 'Cannot reach the app server; is `discussions ui` running?' } }
    }
    const id = nextId++
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(id)
        resolve({ error: { message: `${channel}: no answer from the app server.` } })
      }, CALL_TIMEOUT_MS)
      pending.set(id, {
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
