/**
 * The Provider port: how the engine asks an AI for text. Adapters (command CLIs, HTTP APIs) live in
 * src/node/providers, one kind a module; the offline demo provider lives here.
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
  /**
   * Called when a provider in a fallback chain failed and the next one starts: text streamed
   * through `onText` so far came from the failed attempt and should be discarded.
   */
  onRetry?: (failed: ProviderAttempt, next: string) => void
  /**
   * The dollars this call may spend, handed to a provider that takes a cap of its own (claude's
   * `--max-budget-usd`); absent: no cap.
   */
  maxBudgetUsd?: number
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
  /** USD the provider itself reported for the call (claude's `total_cost_usd`); wins over prices. */
  costUsd?: number
  /** The model that answered, as the provider reported it. */
  model?: string
  /** One line on how the answer was read, when it was not as expected (a format not known). */
  note?: string
}

/** USD per million tokens, as price lists give them. */
export interface ProviderPrices {
  input_per_mtok: number
  output_per_mtok: number
}

/**
 * Which adapter a provider is (`command`, `openai`, ..., `demo`). The kinds are plug-ins of the
 * node layer (src/node/providers/kinds): the domain only knows the offline `demo`.
 */
export type ProviderKind = string

export interface Provider {
  name: string
  kind: ProviderKind
  description?: string
  /** What a call costs; absent: the cost is unknown (shown as such, never as 0). */
  prices?: ProviderPrices
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
  /** The model that answered, when the provider said; absent when it did not. */
  model?: string
  /** One line on how the answer was read, when it was not as expected. */
  note?: string
  /** Every provider tried, in order, and why those before the answer failed. */
  attempts: ProviderAttempt[]
}

export type ProviderFailure =
  'not-found' | 'exit' | 'timeout' | 'cancelled' | 'http' | 'empty' | 'untrusted' | 'config'

/**
 * Why a provider did not answer. Its message is one line a user can act on ("install claude, or
 * fix the command in providers.yaml") and never holds a key: adapters redact before throwing.
 */
export class ProviderError extends Error {
  override readonly name: string = 'ProviderError'

  constructor(
    readonly reason: ProviderFailure,
    message: string,
  ) {
    super(message)
  }
}
