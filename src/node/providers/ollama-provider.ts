/**
 * Ollama's native API: `POST /api/chat` streams newline-delimited JSON, one object a line, each
 * with a piece of `message.content`; the last has `done: true` and the token counts
 * (`prompt_eval_count`, `eval_count`). An error after the stream began comes as a line with
 * `error`. The model list is `GET /api/tags`. A local server needs no key; one behind a proxy may
 * take a bearer token from `api_key_env`. (Ollama also serves the OpenAI-compatible API under
 * `/v1`, which the `openai` kind calls.)
 */
import { ProviderError } from '../../core/providers/port.js'
import type { Provider, ProviderCompletion, ProviderRequest } from '../../core/providers/port.js'
import { reportedOrEstimatedUsage } from '../../core/providers/usage.js'
import {
  callEventStream,
  callLimits,
  eventJson,
  keyNames,
  listModelNames,
  originOf,
} from './http-stream.js'
import { requireKey } from './openai-provider.js'
import type { HttpProviderOptions, ModelListing } from './openai-provider.js'

/** Where `ollama serve` listens unless told otherwise. */
export const OLLAMA_BASE_URL = 'http://127.0.0.1:11434'

/**
 * The server `OLLAMA_HOST` names, as the ollama CLI reads it (`0.0.0.0:11434`, `host:port`,
 * `http://host:port`), else the default. Listening on every address means asking the local one.
 */
export function ollamaBaseUrl(env: NodeJS.ProcessEnv): string {
  const host = env.OLLAMA_HOST?.trim()
  if (!host) return OLLAMA_BASE_URL
  const schemeGiven = /^https?:\/\//.test(host)
  try {
    const url = new URL(schemeGiven ? host : `http://${host}`)
    if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1'
    // Like the ollama CLI: a bare host means its usual port, a URL its scheme's.
    if (!schemeGiven && url.port === '') url.port = '11434'
    return url.origin
  } catch {
    return OLLAMA_BASE_URL
  }
}

/** `http://host:11434`, with or without a trailing `/api`, is the same server. */
export function ollamaUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '').replace(/\/api$/, '')}/api/${path}`
}

/** `llama3.2` is what Ollama lists as `llama3.2:latest`. */
export function sameOllamaModel(wanted: string, listed: string): boolean {
  const tagged = (name: string) => (name.includes(':') ? name : `${name}:latest`)
  return tagged(wanted) === tagged(listed)
}

interface State {
  text: string
  done: boolean
  inputTokens: number | null
  outputTokens: number | null
}

function take(data: Record<string, unknown>, state: State, onText?: (text: string) => void) {
  if (data.error !== undefined) {
    const said = typeof data.error === 'string' ? data.error : JSON.stringify(data.error)
    throw new ProviderError('http', `the server reported an error: ${said}`)
  }
  const content = (data.message as { content?: unknown } | undefined)?.content
  if (typeof content === 'string' && content !== '') {
    state.text += content
    onText?.(content)
  }
  if (data.done === true) {
    state.done = true
    if (typeof data.prompt_eval_count === 'number') state.inputTokens = data.prompt_eval_count
    if (typeof data.eval_count === 'number') state.outputTokens = data.eval_count
  }
}

export function createOllamaProvider(options: HttpProviderOptions): Provider & ModelListing {
  const headers = (): Record<string, string> => {
    const key = requireKey(options.name, options.apiKeyEnv, options.env)
    return {
      'content-type': 'application/json',
      accept: 'application/x-ndjson, application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    }
  }

  async function complete(request: ProviderRequest): Promise<ProviderCompletion> {
    const state: State = { text: '', done: false, inputTokens: null, outputTokens: null }
    const url = ollamaUrl(options.baseUrl, 'chat')
    const outcome = await callEventStream(
      {
        url,
        headers: headers(),
        body: {
          model: options.model,
          messages: [
            ...(request.system ? [{ role: 'system', content: request.system }] : []),
            { role: 'user', content: request.prompt },
          ],
          stream: true,
          ...(options.maxTokens ? { options: { num_predict: options.maxTokens } } : {}),
        },
        ...callLimits(request, options),
      },
      (event) => take(eventJson(event), state, request.onText),
    )
    if (outcome.kind === 'json') {
      // A server (or proxy) that answered at once instead of streaming.
      take(outcome.value as Record<string, unknown>, state)
      if (state.text) request.onText?.(state.text)
    }
    if (!state.done) {
      throw new ProviderError(
        'http',
        `the stream from ${originOf(url)} ended before the answer was done`,
      )
    }
    return { text: state.text, usage: reportedOrEstimatedUsage(state, request, state.text) }
  }

  async function listModels(
    listOptions: { timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<string[]> {
    const names = await listModelNames(
      {
        url: ollamaUrl(options.baseUrl, 'tags'),
        headers: headers(),
        secretNames: keyNames(options.apiKeyEnv),
        env: options.env,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...listOptions,
      },
      { list: 'models', field: 'name' },
    )
    return names
  }

  return {
    name: options.name,
    kind: 'ollama',
    ...(options.description !== undefined ? { description: options.description } : {}),
    ...(options.prices !== undefined ? { prices: options.prices } : {}),
    complete,
    listModels,
  }
}
