/**
 * A council's budget: each call is priced by the provider its tier gives it; a dollar cap is
 * refused before any call when one of the planned calls' providers has no prices.
 */
import type { CallPricing } from '../../core/budget/estimate.js'
import { BudgetLedger } from '../../core/budget/ledger.js'
import type { RunBudget } from '../../core/budget/turn-budget.js'
import type { CouncilOptions } from '../../core/council/modes.js'
import { planCouncil } from '../../core/council/plan.js'
import type { CouncilCall } from '../../core/council/plan.js'
import type { ParsedDiscussion } from '../../core/format/model.js'
import type { CouncilCaller } from '../council/council-providers.js'
import { anyCap, limitsFor, pricingOfProvider, requirePricesOf } from './budget.js'
import type { RunCaps } from './budget.js'
import type { EngineContext } from './engine-context.js'

export interface CouncilBudget extends RunBudget {
  pricing: (call: CouncilCall) => CallPricing
}

export async function councilBudget(
  engine: EngineContext,
  caps: RunCaps,
  parsed: ParsedDiscussion | null,
  options: CouncilOptions,
  caller: Pick<CouncilCaller, 'providerFor'>,
): Promise<CouncilBudget | undefined> {
  if (!anyCap(engine, caps)) return undefined
  const loaded = await engine.providers()
  const pricing = (call: CouncilCall): CallPricing =>
    pricingOfProvider(engine, loaded, caller.providerFor(call))
  const limits = limitsFor(engine, caps, parsed)
  requirePricesOf(limits, planCouncil(options).flat().map(pricing))
  return { ledger: new BudgetLedger(limits), aborter: () => new AbortController(), pricing }
}

/**
 * A new council's caps, checked before its file is written: a dollar cap with a provider that
 * has no `prices` is refused with nothing written, as a turn's is with its file unchanged.
 */
export async function checkNewCouncilBudget(
  engine: EngineContext,
  caps: RunCaps,
  options: CouncilOptions,
  caller: Pick<CouncilCaller, 'providerFor'>,
): Promise<void> {
  await councilBudget(engine, caps, null, options, caller)
}
