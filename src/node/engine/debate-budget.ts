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
  /** Aborts when the budget stops the run; the run's own signal aborts it too. */
  signal: AbortSignal
  stopped(): boolean
}

export async function budgetedDebate(
  engine: EngineContext,
  deps: DebateDeps,
  parsed: ParsedDiscussion,
  participants: readonly string[],
  caps: RunCaps,
  options: { provider?: string; signal?: AbortSignal },
): Promise<BudgetedDebate | null> {
  if (!anyCap(engine, caps)) return null
  const [personas, loaded] = await Promise.all([engine.personas(), engine.providers()])
  const priceOf = pricingFor(engine, loaded, options.provider ?? null)
  const pricing = (alias: string) =>
    priceOf({ provider_hint: personas.get(alias)?.persona.provider_hint ?? null })
  const limits = limitsFor(engine, caps, parsed)
  requirePricesOf(limits, participants.map(pricing))
  const ledger = new BudgetLedger(limits)
  const stop = new AbortController()
  const outer = options.signal
  outer?.addEventListener('abort', () => stop.abort(), { once: true })
  if (outer?.aborted) stop.abort()
  let inFlight = 0
  const guarded = withBudget(
    { ledger, aborter: () => new AbortController() },
    pricing,
    deps.complete,
  )
  return {
    deps: {
      ...deps,
      complete: async (alias, request) => {
        inFlight++
        try {
          return await guarded(alias, request)
        } finally {
          // Once the budget has stopped a call, the debate stops when the step's other calls
          // have ended (their answers are kept): between steps, never in the middle of one.
          inFlight--
          if (ledger.stopped && inFlight === 0) stop.abort()
        }
      },
    },
    signal: stop.signal,
    stopped: () => ledger.stopped,
  }
}
