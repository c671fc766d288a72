/**
 * An answer the budget stopped while it streamed: what arrived is kept, its usage counted from
 * the text (the provider never sent its counts), and the block says plainly it was cut.
 */
import { ProviderError } from '../providers/port.js'
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

/**
 * A call the budget stopped while it streamed, for the councils and debates that make their calls
 * through one function: it fails, carrying what arrived so the caller can keep it, marked.
 */
export class BudgetCutError extends ProviderError {
  override readonly name: string = 'BudgetCutError'

  constructor(readonly partial: ProviderResult) {
    super('cancelled', 'budget: the answer crossed the cap while it streamed and was stopped')
  }
}
