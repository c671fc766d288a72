/**
 * Token counts and cost. APIs report tokens; CLIs do not, so their counts are estimated from the
 * text (about four characters a token for English) and marked as estimated wherever they show.
 */
import type { ProviderPrices, ProviderRequest, ProviderUsage } from './port.js'

/** A rough token count: one token for every four characters, rounded up. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4)
}

/** Usage estimated from what was sent and what came back. */
export function estimateUsage(input: string, output: string): ProviderUsage {
  return {
    inputTokens: estimateTokens(input),
    outputTokens: estimateTokens(output),
    estimated: true,
  }
}

/**
 * The counts an API reported for a call when it reported both, else an estimate from the prompt
 * sent and the text that came back.
 */
export function reportedOrEstimatedUsage(
  reported: { inputTokens: number | null; outputTokens: number | null },
  request: Pick<ProviderRequest, 'system' | 'prompt'>,
  text: string,
): ProviderUsage {
  return reported.inputTokens !== null && reported.outputTokens !== null
    ? { inputTokens: reported.inputTokens, outputTokens: reported.outputTokens, estimated: false }
    : estimateUsage(`${request.system ?? ''}${request.prompt}`, text)
}

/** USD for one call; null when the provider has no prices (unknown is not free). */
export function costOf(usage: ProviderUsage, prices?: ProviderPrices | null): number | null {
  if (!prices) return null
  return (
    (usage.inputTokens * prices.input_per_mtok + usage.outputTokens * prices.output_per_mtok) /
    1_000_000
  )
}

/** `$0.0123`, or `$0.000042` for very small amounts, so a cheap call does not read as free. */
export function formatCost(usd: number): string {
  if (usd === 0) return '$0'
  if (usd >= 0.01) return `$${usd.toFixed(4)}`
  if (usd < 0.000001) return '<$0.000001'
  return `$${usd.toFixed(6).replace(/0+$/, '')}`
}
