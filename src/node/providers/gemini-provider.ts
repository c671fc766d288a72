/**
 * Google's Gemini API, streamed: `models/{model}:streamGenerateContent?alt=sse` sends server-sent
 * events whose data is a whole `GenerateContentResponse` each — text in
 * `candidates[0].content.parts[].text`, token counts in `usageMetadata` (the last event has the
 * final ones), and a `finishReason` on the last. There is no `[DONE]`: a stream that ends without
 * a finish reason broke off. The key goes in the `x-goog-api-key` header, never in the URL.
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

export const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com'
/** Tried in this order when an entry names no `api_key_env`, as Google's own tools do. */
export const GEMINI_KEY_VARIABLES = ['GEMINI_API_KEY', 'GOOGLE_API_KEY'] as const

/** Reasons a candidate ends without the answer it was asked for. */
const REFUSED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII'])

/** `https://generativelanguage.googleapis.com`, `.../v1beta` and `.../v1` all name the API. */
export function geminiUrl(base: string, path: string): string {
  const trimmed = base.replace(/\/+$/, '')
  return /\/v1(beta)?$/.test(trimmed) ? `${trimmed}/${path}` : `${trimmed}/v1beta/${path}`
}

/** `models/gemini-2.5-flash` and `gemini-2.5-flash` are the same model. */
export function geminiModelId(model: string): string {
  return model.replace(/^models\//, '')
}

interface State {
  text: string
  inputTokens: number | null
  outputTokens: number | null
  finishReason: string | null
}

function count(value: unknown): number | null {
  return typeof value === 'number' ? value : null
}

/** Folds one GenerateContentResponse (a streamed event, or an item of a whole answer) into `state`. */
function takeResponse(
  data: Record<string, unknown>,
  state: State,
  onText?: (text: string) => void,
) {
  const error = data.error as { status?: unknown; message?: unknown } | undefined
  if (error) {
    const said = [error.status, error.message].filter((part) => typeof part === 'string')
    throw new ProviderError('http', `the server reported an error: ${said.join(': ')}`)
  }
  const feedback = data.promptFeedback as { blockReason?: unknown } | undefined
  if (typeof feedback?.blockReason === 'string') {
    throw new ProviderError(
      'http',
      `Gemini refused the prompt (${feedback.blockReason}); try another model or rephrase the discussion`,
    )
  }
  const candidate = (data.candidates as Record<string, unknown>[] | undefined)?.[0]
  const parts = (candidate?.content as { parts?: unknown } | undefined)?.parts
  if (Array.isArray(parts)) {
    for (const part of parts as { text?: unknown; thought?: unknown }[]) {
      // Thinking models may send their reasoning as parts marked `thought`: not the answer.
      if (typeof part.text !== 'string' || part.text === '' || part.thought === true) continue
      state.text += part.text
      onText?.(part.text)
    }
  }
  if (typeof candidate?.finishReason === 'string') state.finishReason = candidate.finishReason
  const usage = data.usageMetadata as Record<string, unknown> | undefined
  if (usage) {
    state.inputTokens = count(usage.promptTokenCount) ?? state.inputTokens
    const answer = count(usage.candidatesTokenCount)
    const thoughts = count(usage.thoughtsTokenCount) ?? 0
    // Thinking tokens are billed as output: count them with the answer's.
    if (answer !== null) state.outputTokens = answer + thoughts
  }
}

export function createGeminiProvider(options: HttpProviderOptions): Provider & ModelListing {
  const model = geminiModelId(options.model)
  const headers = (): Record<string, string> => {
    const key = requireKey(options.name, options.apiKeyEnv, options.env)
    return {
      'content-type': 'application/json',
      accept: 'text/event-stream, application/json',
      ...(key ? { 'x-goog-api-key': key } : {}),
    }
  }

  async function complete(request: ProviderRequest): Promise<ProviderCompletion> {
    const state: State = { text: '', inputTokens: null, outputTokens: null, finishReason: null }
    const url = geminiUrl(
      options.baseUrl,
      `models/${encodeURIComponent(model)}:streamGenerateContent?alt=sse`,
    )
    const outcome = await callEventStream(
      {
        url,
        headers: headers(),
        body: {
          contents: [{ role: 'user', parts: [{ text: request.prompt }] }],
          ...(request.system ? { systemInstruction: { parts: [{ text: request.system }] } } : {}),
          ...(options.maxTokens
            ? { generationConfig: { maxOutputTokens: options.maxTokens } }
            : {}),
        },
        ...callLimits(request, options),
      },
      (event) => takeResponse(eventJson(event), state, request.onText),
    )
    if (outcome.kind === 'json') {
      // Without `alt=sse` honoured: a JSON array of responses (or one response).
      const items = Array.isArray(outcome.value) ? outcome.value : [outcome.value]
      for (const item of items)
        if (item && typeof item === 'object') takeResponse(item as Record<string, unknown>, state)
      if (state.text) request.onText?.(state.text)
    }
    if (state.finishReason === null) {
      throw new ProviderError(
        'http',
        `the stream from ${originOf(url)} ended before the answer was finished`,
      )
    }
    if (state.text === '' && REFUSED.has(state.finishReason)) {
      throw new ProviderError(
        'http',
        `Gemini stopped the answer (${state.finishReason}); try another model or rephrase the discussion`,
      )
    }
    return { text: state.text, usage: reportedOrEstimatedUsage(state, request, state.text) }
  }

  async function listModels(
    listOptions: { timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<string[]> {
    const names = await listModelNames(
      {
        url: geminiUrl(options.baseUrl, 'models?pageSize=1000'),
        headers: headers(),
        secretNames: keyNames(options.apiKeyEnv),
        env: options.env,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...listOptions,
      },
      { list: 'models', field: 'name' },
    )
    return names.map(geminiModelId)
  }

  return {
    name: options.name,
    kind: 'gemini',
    ...(options.description !== undefined ? { description: options.description } : {}),
    ...(options.prices !== undefined ? { prices: options.prices } : {}),
    complete,
    listModels,
  }
}
