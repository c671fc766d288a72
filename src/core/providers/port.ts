/**
 * The Provider port: how the engine asks an AI for text. Adapters (command CLIs, OpenAI-compatible
 * and Anthropic endpoints) live in src/node/providers; the offline demo provider lives here.
 */

export interface ProviderRequest {
  prompt: string
  system?: string
  signal?: AbortSignal
  timeoutMs?: number
  /** Called with each piece of text as it streams in (providers that do not stream call it once). */
  onText?: (delta: string) => void
  persona?: { alias: string; name: string; role: string; type: 'voting' | 'background' }
  callout?: string
}

export interface ProviderUsage {
  inputTokens: number
  outputTokens: number
  /** True when the provider reported no counts and they were estimated from the text. */
  estimated: boolean
}

/** What one provider returns. */
export interface ProviderCompletion {
  text: string
  usage: ProviderUsage
}

export interface Provider {
  name: string
  kind: 'command' | 'openai' | 'anthropic' | 'demo'
  description?: string
  complete(request: ProviderRequest): Promise<ProviderCompletion>
}

export interface ProviderAttempt {
  provider: string
  ok: boolean
  error: string | null
  durationMs: number
}

/** The outcome of a call through a fallback chain. */
export interface ProviderResult {
  text: string
  /** The provider that answered. */
  provider: string
  durationMs: number
  usage: ProviderUsage
  costUsd: number | null
  /** Every provider tried, in order, and why those before the answer failed. */
  attempts: ProviderAttempt[]
}

export type ProviderFailure =
  'not-found' | 'exit' | 'timeout' | 'cancelled' | 'http' | 'empty' | 'untrusted' | 'config'

export class ProviderError extends Error {
  constructor(
    readonly reason: ProviderFailure,
    message: string,
  ) {
    super(message)
  }
}
