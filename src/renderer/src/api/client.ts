/**
 * The contract client the whole renderer uses, chosen once at start: the preload's `window.api`
 * in the desktop app, else the browser mode's WebSocket on the page's own server.
 */
import type { Api, Reply } from '@shared/contract'
import { takeSessionToken } from './session-token'
import { socketApi } from './socket-client'

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode. */
    api?: Api
  }
}

export function connectApi(): Api {
  if (window.api) return window.api
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:'
  return socketApi(`${scheme}//${location.host}/api`, takeSessionToken())
}

/** An error the backend reported: its message is meant for the person. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
}

/** The value of a reply, or an ApiError with its message. */
export async function call<T>(reply: Promise<Reply<T>>): Promise<T> {
  const settled = await reply
  if ('error' in settled) throw new ApiError(settled.error.message)
  return settled.value
}
