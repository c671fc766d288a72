/**
 * How a call made through one function (a council's, a debate's) says the budget stopped it: not
 * started (its worst case did not fit what was left), or cut while it streamed, carrying what
 * arrived so the caller keeps it, marked. Both are provider failures to code that knows no budget.
 */
import { ProviderError } from '../providers/port.js'
import type { ProviderResult } from '../providers/port.js'

export class BudgetRefusedError extends ProviderError {
  override readonly name: string = 'BudgetRefusedError'

  constructor(
    reason: string,
    /** The provider the call would have started with. */
    readonly provider: string,
  ) {
    super('config', reason)
  }
}

export class BudgetCutError extends ProviderError {
  override readonly name: string = 'BudgetCutError'

  constructor(readonly partial: ProviderResult) {
    super('cancelled', 'budget: the answer crossed the cap while it streamed and was stopped')
  }
}
