/**
 * What a call will cost, before it is made: the prompt's tokens, the answer's ceiling, and the
 * cost as low (the prompt alone), expected (the prompt and a typical answer) and high (the prompt
 * and the ceiling) from the provider's `prices`. The same worst case is what the budget reserves
 * before a call starts. Tokens are counted by a documented approximation (`countTokens`).
 */
import type { ProviderPrices } from '../providers/port.js'
import { estimateTokens } from '../providers/usage.js'

/** How prompt tokens are counted, as the estimate says it. */
export const TOKEN_COUNTING = 'approximation: one token per 4 characters'

/** The prompt's tokens: one per four characters, what English text averages across tokenizers. */
export function countTokens(text: string): number {
  return estimateTokens(text)
}

/** What one call of a provider may use: its prices and the answer's ceiling. */
export interface CallPricing {
  provider: string
  prices: ProviderPrices | null
  /** The entry's `max_tokens`, else `budget.assumed_answer_tokens`. */
  ceilingTokens: number
  /** The provider reports its own cost (an agent CLI): known after the call, not before. */
  reportsCost?: boolean
}

export interface CostRange {
  low: number
  expected: number
  high: number
}

export interface CallEstimate {
  /** The persona's alias, or the council's or debate's step. */
  participant: string
  provider: string
  promptTokens: number
  ceilingTokens: number
  expectedAnswerTokens: number
  /** Null when the provider has no `prices`: unknown, never $0. */
  costUsd: CostRange | null
  /**
   * False for a call that may not happen (a debate's later rounds, a defense when nobody
   * critiqued): only the high end counts it.
   */
  likely?: boolean
}

function priced(prices: ProviderPrices, input: number, output: number): number {
  return (input * prices.input_per_mtok + output * prices.output_per_mtok) / 1_000_000
}

export function estimateCall(
  participant: string,
  prompt: string,
  pricing: CallPricing,
  expectedAnswerTokens: number,
): CallEstimate {
  const promptTokens = countTokens(prompt)
  const expected = Math.min(expectedAnswerTokens, pricing.ceilingTokens)
  const prices = pricing.prices
  return {
    participant,
    provider: pricing.provider,
    promptTokens,
    ceilingTokens: pricing.ceilingTokens,
    expectedAnswerTokens: expected,
    costUsd: prices
      ? {
          low: priced(prices, promptTokens, 0),
          expected: priced(prices, promptTokens, expected),
          high: priced(prices, promptTokens, pricing.ceilingTokens),
        }
      : null,
  }
}

/** The worst case of a call: what the budget reserves before starting it. */
export function worstCase(
  promptTokens: number,
  pricing: CallPricing,
): { tokens: number; costUsd: number | null } {
  const tokens = promptTokens + pricing.ceilingTokens
  return {
    tokens,
    costUsd: pricing.prices ? priced(pricing.prices, promptTokens, pricing.ceilingTokens) : null,
  }
}

/** The cost of tokens at a provider's prices; null when it has none. */
export function costAt(
  prices: ProviderPrices | null,
  inputTokens: number,
  outputTokens: number,
): number | null {
  return prices ? priced(prices, inputTokens, outputTokens) : null
}

export interface EstimateTotal {
  calls: number
  promptTokens: number
  ceilingTokens: number
  /** The priced calls summed; null when no call is priced. */
  costUsd: CostRange | null
  /** Providers without `prices`, whose calls the cost leaves out. */
  unpriced: string[]
}

export function sumEstimates(calls: readonly CallEstimate[]): EstimateTotal {
  const unpriced = new Set<string>()
  const priced = calls.flatMap((call) => {
    if (!call.costUsd) unpriced.add(call.provider)
    if (!call.costUsd) return []
    // A call that may not happen adds to the high end alone.
    return [call.likely === false ? { low: 0, expected: 0, high: call.costUsd.high } : call.costUsd]
  })
  const cost: CostRange | null =
    priced.length === 0
      ? null
      : priced.reduce((sum, item) => ({
          low: sum.low + item.low,
          expected: sum.expected + item.expected,
          high: sum.high + item.high,
        }))
  return {
    calls: calls.length,
    promptTokens: calls.reduce((sum, call) => sum + call.promptTokens, 0),
    ceilingTokens: calls.reduce((sum, call) => sum + call.ceilingTokens, 0),
    costUsd: cost,
    unpriced: [...unpriced],
  }
}
