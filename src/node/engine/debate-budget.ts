/**
 * A debate under a budget: each participant's call is priced by its provider chain and reserves
 * its worst case; when the budget cannot cover a call, or a stream crosses the cap, the debate is
 * stopped between steps (what arrived is in the file) and resumes with `debate run` and a new cap.
 */
import { BudgetLedger } from '../../core/budget/ledger.js'
import type { DebateDeps } from '../../core/debate/run-debate.js'
import type { ParsedDiscussion } from '../../core/format/model.js'
import { anyCap, limitsFor, pricingFor, requirePricesOf } from './budget.js'
import type { RunCaps } from './budget.js'
import { withBudget } from './budget-guard.js'
import type { EngineContext } from './engine-context.js'

export interface BudgetedDebate {
  deps: DebateDeps
  /** True once the budget stopped a call: the debate stops between steps. */
  stopped(): boolean
}

export async function budgetedDebate(
  engine: EngineContext,
  deps: DebateDeps,
  parsed: ParsedDiscussion,
  participants: readonly string[],
  caps: RunCaps,
  options: { provider?: string },
): Promise<BudgetedDebate | null> {
  if (!anyCap(engine, caps)) return null
  const [personas, loaded] = await Promise.all([engine.personas(), engine.providers()])
  const priceOf = pricingFor(engine, loaded, options.provider ?? null)
  const pricing = (alias: string) =>
    priceOf({ provider_hint: personas.get(alias)?.persona.provider_hint ?? null })
  const limits = limitsFor(engine, caps, parsed)
  requirePricesOf(limits, participants.map(pricing))
  const ledger = new BudgetLedger(limits)
  // Once the budget has stopped a call, the step's other calls end as they will (their answers
  // are kept) and the debate stops before the next step: never in the middle of one.
  const complete = withBudget(
    { ledger, aborter: () => new AbortController() },
    pricing,
    deps.complete,
  )
  return { deps: { ...deps, complete }, stopped: () => ledger.stopped }
}
