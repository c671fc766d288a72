/**
 * An answer the budget stopped while it streamed: what arrived is kept, its usage counted from
 * the text (the provider never sent its counts), and the block says plainly it was cut.
 */
import type { ProviderResult } from '../providers/port.js'
import { costAt, countTokens } from './estimate.js'
import type { BudgetedCall } from './turn-budget.js'

/** The note of a result cut short (`ProviderResult.note`), as the turn's summary reads it. */
export const CUT_SHORT_NOTE = 'cut short by the budget'

/** The line the engine writes under the usage line of an answer cut short. */
export const CUT_NOTE =
  '_(cut short: the budget ran out while this answer arrived; what came is kept)_'

export function cutShortResult(call: BudgetedCall, streamed: string): ProviderResult {
  const outputTokens = countTokens(streamed)
  return {
    text: streamed,
    provider: call.pricing.provider,
    durationMs: 0,
    usage: { inputTokens: call.promptTokens, outputTokens, estimated: true },
    costUsd: costAt(call.pricing.prices, call.promptTokens, outputTokens),
    note: CUT_SHORT_NOTE,
    attempts: [],
  }
}

/** What a finished call used, for the ledger. */
export function usedBy(result: ProviderResult): { tokens: number; costUsd: number | null } {
  return {
    tokens: result.usage.inputTokens + result.usage.outputTokens,
    costUsd: result.costUsd,
  }
}
