/**
 * Anthropic's Messages API, streamed: `message_start` carries the input tokens,
 * `content_block_delta` the text, `message_delta` the final output tokens, `error` a failure
 * that happened after the stream began (an overloaded server, for one).
 */
import { ProviderError } from '../../core/providers/port.js'
import type { Provider, ProviderCompletion, ProviderRequest } from '../../core/providers/port.js'
import { reportedOrEstimatedUsage } from '../../core/providers/usage.js'
import { callEventStream, callLimits, eventJson } from './http-stream.js'
import { requireKey } from './openai-provider.js'
import type { HttpProviderOptions } from './openai-provider.js'

export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com'
export const ANTHROPIC_VERSION = '2023-06-01'
/** The Messages API requires a limit; a discussion comment fits well within this. */
export const ANTHROPIC_MAX_TOKENS = 4096

/** `https://api.anthropic.com` and `.../v1` both mean the same API. */
export function anthropicUrl(base: string, path: string): string {
  const trimmed = base.replace(/\/+$/, '')
  return trimmed.endsWith('/v1') ? `${trimmed}/${path}` : `${trimmed}/v1/${path}`
}

interface State {
  text: string
  inputTokens: number | null
  outputTokens: number | null
}

function numberOr(value: unknown, fallback: number | null): number | null {
  return typeof value === 'number' ? value : fallback
}

function handleEvent(data: Record<string, unknown>, state: State, request: ProviderRequest): void {
  switch (data.type) {
    case 'message_start': {
      const usage = (data.message as { usage?: Record<string, unknown> } | undefined)?.usage
      state.inputTokens = numberOr(usage?.input_tokens, state.inputTokens)
      state.outputTokens = numberOr(usage?.output_tokens, state.outputTokens)
      break
    }
    case 'content_block_delta': {
      const delta = data.delta as { type?: unknown; text?: unknown } | undefined
      if (delta?.type === 'text_delta' && typeof delta.text === 'string') {
        state.text += delta.text
        request.onText?.(delta.text)
      }
      break
    }
    case 'message_delta': {
      const usage = data.usage as Record<string, unknown> | undefined
      state.outputTokens = numberOr(usage?.output_tokens, state.outputTokens)
      state.inputTokens = numberOr(usage?.input_tokens, state.inputTokens)
      break
    }
    case 'error': {
      const error = data.error as { type?: unknown; message?: unknown } | undefined
      const said = [error?.type, error?.message].filter((part) => typeof part === 'string')
      throw new ProviderError('http', `the server reported an error: ${said.join(': ')}`)
    }
    default:
    // ping, content_block_start/stop, message_stop: nothing to do
  }
}

function fromWholeMessage(value: unknown, state: State): void {
  const message = value as {
    content?: { type?: unknown; text?: unknown }[]
    usage?: Record<string, unknown>
  }
  state.text = (message.content ?? [])
    .map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : ''))
    .join('')
  state.inputTokens = numberOr(message.usage?.input_tokens, null)
  state.outputTokens = numberOr(message.usage?.output_tokens, null)
}

export function createAnthropicProvider(options: HttpProviderOptions): Provider {
  async function complete(request: ProviderRequest): Promise<ProviderCompletion> {
    const key = requireKey(options.name, options.apiKeyEnv, options.env)
    const state: State = { text: '', inputTokens: null, outputTokens: null }
    const outcome = await callEventStream(
      {
        url: anthropicUrl(options.baseUrl, 'messages'),
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream, application/json',
          'anthropic-version': ANTHROPIC_VERSION,
          ...(key ? { 'x-api-key': key } : {}),
        },
        body: {
          model: options.model,
          max_tokens: options.maxTokens ?? ANTHROPIC_MAX_TOKENS,
          ...(request.system ? { system: request.system } : {}),
          messages: [{ role: 'user', content: request.prompt }],
          stream: true,
        },
        ...callLimits(request, options),
      },
      (event) => handleEvent(eventJson(event), state, request),
    )
    if (outcome.kind === 'json') {
      fromWholeMessage(outcome.value, state)
      if (state.text) request.onText?.(state.text)
    }
    return { text: state.text, usage: reportedOrEstimatedUsage(state, request, state.text) }
  }

  return {
    name: options.name,
    kind: 'anthropic',
    ...(options.description !== undefined ? { description: options.description } : {}),
    ...(options.prices !== undefined ? { prices: options.prices } : {}),
    complete,
  }
}
