/**
 * A provider call under a run's budget, for the councils and debates whose state machines make
 * their calls through one function: the call reserves its worst case first (refused: it fails
 * with the reason, and the run stops between steps, to be resumed with a new budget), and a
 * stream that crosses the cap is stopped.
 */
import { BudgetCutError, BudgetRefusedError } from '../../core/budget/budget-errors.js'
import { cutShortResult, usedBy } from '../../core/budget/cut-short.js'
import type { CallPricing } from '../../core/budget/estimate.js'
import { reserveCall } from '../../core/budget/turn-budget.js'
import type { RunBudget } from '../../core/budget/turn-budget.js'
import type { ProviderRequest, ProviderResult } from '../../core/providers/port.js'

export function withBudget<Call>(
  budget: RunBudget,
  pricing: (call: Call) => CallPricing,
  complete: (call: Call, request: ProviderRequest) => Promise<ProviderResult>,
): (call: Call, request: ProviderRequest) => Promise<ProviderResult> {
  return async (call, request) => {
    const prompt = `${request.system ?? ''}${request.prompt}`
    const priced = pricing(call)
    const held = reserveCall(budget, priced, prompt, request.signal)
    if ('refused' in held) throw new BudgetRefusedError(held.refused, priced.provider)
    let streamed = ''
    try {
      const result = await complete(call, {
        ...request,
        signal: held.signal,
        ...(held.maxBudgetUsd !== undefined ? { maxBudgetUsd: held.maxBudgetUsd } : {}),
        onText: (delta) => {
          request.onText?.(delta)
          streamed += delta
          held.check(streamed)
        },
        onRetry: (failed, next) => {
          streamed = ''
          request.onRetry?.(failed, next)
        },
      })
      held.settle(usedBy(result))
      return result
    } catch (error) {
      if (held.cut && !request.signal?.aborted) {
        // What arrived is kept by the caller, and what it used is spent.
        const partial = cutShortResult(held, streamed)
        held.settle(usedBy(partial))
        throw new BudgetCutError(partial)
      }
      held.settle(null)
      throw error
    }
  }
}
