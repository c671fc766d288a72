/**
 * An OpenAI-compatible chat-completions endpoint: OpenAI itself, Ollama, LM Studio, llama.cpp's
 * server, vLLM, OpenRouter. Streams the answer; token counts come from the server when it reports
 * them (`stream_options.include_usage`), else they are estimated and marked so. Local servers need
 * no key: without `api_key_env` no Authorization header is sent.
 */
import { ProviderError } from '../../core/providers/port.js'
import type {
  Provider,
  ProviderCompletion,
  ProviderPrices,
  ProviderRequest,
  ProviderUsage,
} from '../../core/providers/port.js'
import { estimateUsage } from '../../core/providers/usage.js'
import { callEventStream, callLimits, eventJson, keyNames, listModelNames } from './http-stream.js'

export const OPENAI_BASE_URL = 'https://api.openai.com/v1'

export interface HttpProviderOptions {
  name: string
  description?: string
  prices?: ProviderPrices
  baseUrl: string
  model: string
  /** The variable holding the key (or several, the first set one used); none for local servers. */
  apiKeyEnv?: string | readonly string[] | null
  env: NodeJS.ProcessEnv
  timeoutMs?: number
  inactivityTimeoutMs?: number
  maxOutputBytes?: number
  maxTokens?: number
  fetch?: typeof fetch
}

export interface ModelListing {
  /** The model ids the endpoint offers. */
  listModels(options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<string[]>
}

/** The key, or a configuration error that names the variable to set (never its value). */
export function requireKey(
  name: string,
  apiKeyEnv: string | readonly string[] | null | undefined,
  env: NodeJS.ProcessEnv,
): string | null {
  const names = keyNames(apiKeyEnv)
  if (names.length === 0) return null
  for (const variable of names) {
    const key = env[variable]
    if (key) return key
  }
  const which =
    names.length === 1
      ? `${names[0]} is not set: export it`
      : `${names.join(' and ')} are not set: export one`
  throw new ProviderError(
    'config',
    `${which} with the key for "${name}", or change api_key_env in providers.yaml`,
  )
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path}`
}

interface OpenAIUsage {
  prompt_tokens?: unknown
  completion_tokens?: unknown
}

function usageFrom(value: unknown): ProviderUsage | null {
  const usage = value as OpenAIUsage | null | undefined
  if (typeof usage?.prompt_tokens !== 'number' || typeof usage.completion_tokens !== 'number') {
    return null
  }
  return {
    inputTokens: usage.prompt_tokens,
    outputTokens: usage.completion_tokens,
    estimated: false,
  }
}

function messageText(value: unknown): string {
  const choices = (value as { choices?: { message?: { content?: unknown } }[] }).choices
  const content = choices?.[0]?.message?.content
  return typeof content === 'string' ? content : ''
}

export function createOpenAIProvider(options: HttpProviderOptions): Provider & ModelListing {
  const secretNames = keyNames(options.apiKeyEnv)
  const headers = (): Record<string, string> => {
    const key = requireKey(options.name, options.apiKeyEnv, options.env)
    return {
      'content-type': 'application/json',
      accept: 'text/event-stream, application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    }
  }

  async function complete(request: ProviderRequest): Promise<ProviderCompletion> {
    const messages = [
      ...(request.system ? [{ role: 'system', content: request.system }] : []),
      { role: 'user', content: request.prompt },
    ]
    const state: { text: string; usage: ProviderUsage | null; model: string | null } = {
      text: '',
      usage: null,
      model: null,
    }
    const outcome = await callEventStream(
      {
        url: joinUrl(options.baseUrl, 'chat/completions'),
        headers: headers(),
        body: {
          model: options.model,
          messages,
          stream: true,
          stream_options: { include_usage: true },
          ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
        },
        ...callLimits(request, options),
      },
      (event) => {
        if (event.data.trim() === '[DONE]') return
        const data = eventJson(event)
        if (data.error) {
          const error = data.error as { message?: unknown }
          const said = typeof error.message === 'string' ? error.message : JSON.stringify(error)
          throw new ProviderError('http', `the server reported an error: ${said}`)
        }
        const choices = data.choices as { delta?: { content?: unknown } }[] | undefined
        const delta = choices?.[0]?.delta?.content
        if (typeof delta === 'string' && delta !== '') {
          state.text += delta
          request.onText?.(delta)
        }
        state.usage = usageFrom(data.usage) ?? state.usage
        if (typeof data.model === 'string' && data.model !== '') state.model = data.model
      },
    )
    if (outcome.kind === 'json') {
      // A server that ignored `stream: true` and sent the whole answer at once.
      state.text = messageText(outcome.value)
      state.usage = usageFrom((outcome.value as { usage?: unknown }).usage)
      if (state.text) request.onText?.(state.text)
    }
    const estimated = (): ProviderUsage =>
      estimateUsage(`${request.system ?? ''}${request.prompt}`, state.text)
    // The model the server says answered, else the one asked for (the usage line records it).
    return {
      text: state.text,
      usage: state.usage ?? estimated(),
      model: state.model ?? options.model,
    }
  }

  async function listModels(
    listOptions: { timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<string[]> {
    const names = await listModelNames(
      {
        url: joinUrl(options.baseUrl, 'models'),
        headers: headers(),
        secretNames: secretNames,
        env: options.env,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...listOptions,
      },
      { list: 'data', field: 'id' },
    )
    return names
  }

  return {
    name: options.name,
    kind: 'openai',
    ...(options.description !== undefined ? { description: options.description } : {}),
    ...(options.prices !== undefined ? { prices: options.prices } : {}),
    complete,
    listModels,
  }
}
