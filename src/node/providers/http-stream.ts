/**
 * One streaming HTTP call, as the HTTP providers make it: POST JSON, read server-sent events (or
 * newline-delimited JSON, as Ollama's native API streams), with a timeout for the whole call, an inactivity timeout (a stream that
 * stalls is stopped without waiting for the whole timeout), cancellation, an output cap, and
 * errors that say what the server said without ever showing a key. Plain `fetch` and
 * eventsource-parser: the official SDKs read keys and base URLs from the environment on their own
 * and retry by default, and the current openai SDK needs Node 22.
 */
import { createParser } from 'eventsource-parser'
import type { EventSourceMessage } from 'eventsource-parser'

import { ProviderError } from '../../core/providers/port.js'
import { redact } from './redact.js'

export const HTTP_DEFAULTS = {
  timeoutMs: 120_000,
  /** Local models can take a while to load before the first token. */
  inactivityTimeoutMs: 60_000,
  maxOutputBytes: 2_000_000,
} as const

export interface HttpCallOptions {
  url: string
  headers: Record<string, string>
  /** Sent as JSON; null for a GET. */
  body: unknown
  timeoutMs: number
  inactivityTimeoutMs: number
  maxBytes: number
  signal?: AbortSignal
  /** Key variables whose values must not appear in messages. */
  secretNames: readonly string[]
  env: NodeJS.ProcessEnv
  fetch?: typeof fetch
}

/** The limits, cancellation and secrets of one provider call, from the request and the entry. */
export function callLimits(
  request: { timeoutMs?: number; signal?: AbortSignal },
  options: {
    timeoutMs?: number
    inactivityTimeoutMs?: number
    maxOutputBytes?: number
    apiKeyEnv?: string | readonly string[] | null
    env: NodeJS.ProcessEnv
    fetch?: typeof fetch
  },
): Omit<HttpCallOptions, 'url' | 'headers' | 'body'> {
  return {
    timeoutMs: request.timeoutMs ?? options.timeoutMs ?? HTTP_DEFAULTS.timeoutMs,
    inactivityTimeoutMs: options.inactivityTimeoutMs ?? HTTP_DEFAULTS.inactivityTimeoutMs,
    maxBytes: options.maxOutputBytes ?? HTTP_DEFAULTS.maxOutputBytes,
    ...(request.signal ? { signal: request.signal } : {}),
    secretNames: keyNames(options.apiKeyEnv),
    env: options.env,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  }
}

/** The key variables of an entry: none, one, or several tried in order. */
export function keyNames(apiKeyEnv: string | readonly string[] | null | undefined): string[] {
  if (!apiKeyEnv) return []
  return typeof apiKeyEnv === 'string' ? [apiKeyEnv] : [...apiKeyEnv]
}

export type HttpOutcome = { kind: 'stream' } | { kind: 'json'; value: unknown }

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`
}

/** `http://127.0.0.1:11434`: where the request went, without path or query (a key may hide there). */
export function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return 'the configured address'
  }
}

/**
 * The server's own words from an error body: OpenAI and Anthropic use `{error: {type, message}}`,
 * Gemini `{error: {status, message}}`, Ollama `{error: "..."}`.
 */
export function serverMessage(body: string): string {
  try {
    const value = JSON.parse(body) as { error?: unknown; message?: unknown; detail?: unknown }
    const error = value.error
    if (typeof error === 'string') return error
    if (error && typeof error === 'object') {
      const { message, type, status } = error as {
        message?: unknown
        type?: unknown
        status?: unknown
      }
      const label = typeof type === 'string' ? type : typeof status === 'string' ? status : null
      if (typeof message === 'string') return label ? `${label}: ${message}` : message
    }
    if (typeof value.message === 'string') return value.message
    if (typeof value.detail === 'string') return value.detail
  } catch {
    // not JSON: the text itself
  }
  const text = body.replace(/\s+/g, ' ').trim()
  return text.length > 300 ? `${text.slice(0, 297)}...` : text
}

function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause
  if (cause && typeof cause.code === 'string') return cause.code
  if (cause && typeof cause.message === 'string') return cause.message
  return error instanceof Error ? error.message : String(error)
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const MAX_REDIRECTS = 5

/**
 * `fetch`, following redirects within the configured origin only. fetch follows any redirect on
 * its own and drops only `Authorization` on the way to another host: Anthropic's `x-api-key`,
 * Gemini's `x-goog-api-key` and, with every kind, the prompt (the whole discussion) would go to
 * wherever the server pointed. So redirects are read by hand: one to the same origin is followed
 * with the same headers (the key stays), one to another origin is an error naming it.
 */
async function fetchWithinOrigin(
  fetchOnce: typeof fetch,
  url: string,
  init: RequestInit,
): Promise<Response> {
  let current = new URL(url)
  let request: RequestInit = { ...init, redirect: 'manual' }
  for (let hops = 0; ; hops++) {
    const response = await fetchOnce(current.href, request)
    const location = response.headers.get('location')
    if (!REDIRECTS.has(response.status) || location === null) return response
    await response.body?.cancel()
    const next = new URL(location, current)
    if (next.origin !== current.origin)
      throw new ProviderError(
        'http',
        `${current.origin} redirected to ${next.origin}, another origin: not followed, so neither the key nor the prompt was sent there. If the API has moved, set base_url in providers.yaml to the new address.`,
      )
    if (hops === MAX_REDIRECTS)
      throw new ProviderError(
        'http',
        `${current.origin} redirected more than ${MAX_REDIRECTS} times; stopped`,
      )
    // As fetch does: 303, and 301 or 302 after a POST, continue as a GET without the body.
    if (response.status === 303 || (request.method === 'POST' && response.status <= 302)) {
      const { body: _dropped, ...rest } = request
      request = { ...rest, method: 'GET' }
    }
    current = next
  }
}

/** Splits newline-delimited JSON into lines as they arrive; blank lines are skipped. */
function lineSplitter(onLine: (line: string) => void): { feed(text: string): void } {
  let pending = ''
  return {
    feed(text) {
      pending += text
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) if (line.trim() !== '') onLine(line)
    },
  }
}

/**
 * Makes the call. `onEvent` gets each server-sent event, or each line of a newline-delimited
 * JSON stream as an event's data (and may throw a ProviderError to stop); a server that answers
 * with plain JSON instead of a stream comes back as `{kind: 'json'}`.
 */
export async function callEventStream(
  options: HttpCallOptions,
  onEvent: (event: EventSourceMessage) => void,
): Promise<HttpOutcome> {
  const clean = (text: string): string => redact(text, options.secretNames, options.env)
  const where = originOf(options.url)
  const controller = new AbortController()
  // Why the call was stopped (timeout, inactivity, cancel): set from timers, read after the await.
  const why: { error: ProviderError | null } = { error: null }
  const stop = (error: ProviderError): void => {
    why.error ??= error
    controller.abort()
  }
  const onAbort = (): void => stop(new ProviderError('cancelled', 'cancelled'))
  if (options.signal?.aborted) throw new ProviderError('cancelled', 'cancelled')
  options.signal?.addEventListener('abort', onAbort, { once: true })
  const overall = setTimeout(
    () =>
      stop(
        new ProviderError(
          'timeout',
          `no answer from ${where} within ${seconds(options.timeoutMs)}`,
        ),
      ),
    options.timeoutMs,
  )
  let idle: NodeJS.Timeout | undefined
  const touch = (): void => {
    clearTimeout(idle)
    idle = setTimeout(
      () =>
        stop(
          new ProviderError(
            'timeout',
            `${where} sent nothing for ${seconds(options.inactivityTimeoutMs)} (inactivity_timeout)`,
          ),
        ),
      options.inactivityTimeoutMs,
    )
  }

  try {
    touch()
    let response: Response
    try {
      response = await fetchWithinOrigin(options.fetch ?? fetch, options.url, {
        method: options.body === null ? 'GET' : 'POST',
        headers: options.headers,
        ...(options.body === null ? {} : { body: JSON.stringify(options.body) }),
        signal: controller.signal,
      })
    } catch (error) {
      if (why.error) throw why.error
      if (error instanceof ProviderError) throw error
      throw new ProviderError('http', clean(`cannot reach ${where} (${networkCause(error)})`))
    }
    touch()
    if (!response.ok) {
      // Redacted before it is cut to length: a cut key would no longer be found whole.
      const body = clean(await response.text().catch(() => ''))
      const said = serverMessage(body)
      throw new ProviderError(
        'http',
        clean(`HTTP ${response.status} from ${where}${said ? `: ${said}` : ''}`),
      )
    }
    const type = response.headers.get('content-type') ?? ''
    const ndjson = type.includes('ndjson')
    if (!type.includes('text/event-stream') && !ndjson) {
      const text = await response.text()
      if (text.length > options.maxBytes) {
        throw new ProviderError(
          'http',
          `${where} answered with more than ${options.maxBytes} bytes`,
        )
      }
      try {
        return { kind: 'json', value: JSON.parse(text) as unknown }
      } catch {
        throw new ProviderError('http', clean(`${where} answered with something that is not JSON`))
      }
    }
    let bytes = 0
    const parser = ndjson
      ? lineSplitter((data) => onEvent({ data, event: undefined, id: undefined }))
      : createParser({ onEvent })
    const decoder = new TextDecoder()
    if (!response.body) return { kind: 'stream' }
    const reader = response.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      touch()
      bytes += value.byteLength
      if (bytes > options.maxBytes) {
        throw new ProviderError(
          'http',
          `${where} sent more than ${options.maxBytes} bytes; stopped`,
        )
      }
      parser.feed(decoder.decode(value, { stream: true }))
    }
    parser.feed(`${decoder.decode()}${ndjson ? '\n' : ''}`)
    return { kind: 'stream' }
  } catch (error) {
    if (why.error) throw why.error
    if (error instanceof ProviderError) {
      controller.abort()
      throw new ProviderError(error.reason, clean(error.message))
    }
    throw new ProviderError(
      'http',
      clean(`the stream from ${where} broke off (${networkCause(error)})`),
    )
  } finally {
    clearTimeout(overall)
    clearTimeout(idle)
    options.signal?.removeEventListener('abort', onAbort)
  }
}

/** Parses one event's JSON data; a broken line is an error the user can report. */
export function eventJson(event: EventSourceMessage): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(event.data)
    if (value && typeof value === 'object') return value as Record<string, unknown>
  } catch {
    // fall through
  }
  throw new ProviderError(
    'http',
    `the server sent an event that is not JSON: ${event.data.slice(0, 80)}`,
  )
}

/**
 * The model names an HTTP API lists as JSON (`GET …/models`, Ollama's `/api/tags`): the `field`
 * of each entry of its `list` array. Same limits, cancellation and key hiding as a call.
 */
export async function listModelNames(
  request: Pick<HttpCallOptions, 'url' | 'headers' | 'secretNames' | 'env' | 'fetch'> & {
    timeoutMs?: number
    signal?: AbortSignal
  },
  shape: { list: string; field: string },
): Promise<string[]> {
  const { timeoutMs = 10_000, signal, fetch, ...call } = request
  const outcome = await callEventStream(
    {
      ...call,
      body: null,
      timeoutMs,
      inactivityTimeoutMs: timeoutMs,
      maxBytes: HTTP_DEFAULTS.maxOutputBytes,
      ...(signal ? { signal } : {}),
      ...(fetch ? { fetch } : {}),
    },
    () => undefined,
  )
  const list =
    outcome.kind === 'json' ? (outcome.value as Record<string, unknown>)[shape.list] : null
  if (!Array.isArray(list))
    throw new ProviderError('http', `the model list has no "${shape.list}" list`)
  return list
    .map((entry) => (entry as Record<string, unknown>)[shape.field])
    .filter((name): name is string => typeof name === 'string')
}
