/**
 * A council's calls under a budget, with the ones the budget did not start written into the
 * council's file as a turn writes them: a block signed by the member, its first line the
 * `<!-- skipped: … -->` record (provider and reason). A run that started no call writes nothing.
 */
import { BudgetRefusedError } from '../../core/budget/budget-errors.js'
import { recordSkips } from '../../core/budget/record-skips.js'
import type { BudgetSkip } from '../../core/budget/record-skips.js'
import type { CouncilCall } from '../../core/council/plan.js'
import type { ProviderRequest, ProviderResult } from '../../core/providers/port.js'
import type { EngineContext } from './engine-context.js'
import { withBudget } from './budget-guard.js'
import type { CouncilBudget } from './council-budget.js'

type Complete = (call: CouncilCall, request: ProviderRequest) => Promise<ProviderResult>

export interface SkipRecordingCalls {
  complete: Complete
  /** Writes the calls the budget refused into `file`, once the run is over. */
  record: (file: string) => Promise<void>
}

export function budgetedCouncilCalls(
  engine: EngineContext,
  budget: CouncilBudget,
  complete: Complete,
  /** The name a member's comments are signed with. */
  memberName: (call: CouncilCall) => string,
): SkipRecordingCalls {
  const skips: BudgetSkip[] = []
  let started = false
  const budgeted = withBudget(budget, budget.pricing, (call: CouncilCall, request) => {
    started = true
    return complete(call, request)
  })
  return {
    complete: async (call, request) => {
      try {
        return await budgeted(call, request)
      } catch (error) {
        if (error instanceof BudgetRefusedError)
          skips.push({ author: memberName(call), provider: error.provider, reason: error.message })
        throw error
      }
    },
    record: (file) => recordSkips(engine.store, file, skips, started),
  }
}
