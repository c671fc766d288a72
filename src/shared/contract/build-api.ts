/**
 * Builds `window.api` from the channel lists: one function per invoke channel, each bound to its
 * own channel, and one subscribe function per event channel. The preload builds it over IPC and
 * the browser mode over a WebSocket, so both expose exactly the contract and nothing more.
 * Imports no library (the sandboxed preload bundles this file).
 */
import { channelPath, EVENT_CHANNELS, INVOKE_CHANNELS } from './channels.js'
import type { EventChannel, InvokeChannel } from './channels.js'
import type { Reply } from './common.js'
import type { Api } from './index.js'

export type RawInvoke = (channel: InvokeChannel, request: unknown) => Promise<Reply<unknown>>
export type RawSubscribe = (
  channel: EventChannel,
  listener: (payload: unknown) => void,
) => () => void

export function buildApi(invoke: RawInvoke, subscribe: RawSubscribe): Api {
  const api: Record<string, Record<string, unknown>> = {}
  for (const channel of INVOKE_CHANNELS) {
    const [domain, verb] = channelPath(channel)
    api[domain] ??= {}
    api[domain][verb] = (request?: unknown) => invoke(channel, request ?? {})
  }
  const events: Record<string, Record<string, unknown>> = {}
  for (const channel of EVENT_CHANNELS) {
    const [domain, verb] = channelPath(channel)
    events[domain] ??= {}
    events[domain][verb] = (listener: (payload: unknown) => void) => subscribe(channel, listener)
  }
  api.events = events
  return api as unknown as Api
}
