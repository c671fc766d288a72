/**
 * What the app shows beside an estimate, before Start: the caps that would be in force with the
 * ones the person typed (the settings fill in the rest, the discussion's own cap lowers them),
 * the settings' defaults to prefill the fields, and the refusal Start would meet, found by the
 * same check the run makes (a dollar cap with a provider that has no `prices`).
 */
import type { ParsedDiscussion } from '../../core/format/model.js'
import { limitsFor, pricingOfProvider, unpricedUnder } from './budget.js'
import type { RunCaps } from './budget.js'
import type { EngineContext } from './engine-context.js'
import type { RunEstimate } from './estimate-turn.js'

export interface EstimateBudget {
  maxCostUsd: number | null
  maxTotalTokens: number | null
  settings: { maxCostPerRun: number | null; maxCostPerDiscussion: number | null; warnAt: number }
  /** Providers without `prices` the dollar cap in force cannot hold with: Start is refused. */
  unpricedUnderCap: string[]
}

export async function budgetOfEstimate(
  engine: EngineContext,
  estimate: RunEstimate,
  caps: RunCaps,
  /** The discussion as it stands; null for one not written yet (nothing spent). */
  parsed: ParsedDiscussion | null,
): Promise<EstimateBudget> {
  const settings = engine.config.budget
  const limits = limitsFor(engine, caps, parsed)
  const loaded = await engine.providers()
  const providers = [...new Set(estimate.calls.map((call) => call.provider))]
  const unpriced = unpricedUnder(
    limits,
    providers.map((name) => pricingOfProvider(engine, loaded, name === 'none' ? null : name)),
  )
  return {
    maxCostUsd: limits.maxCostUsd,
    maxTotalTokens: limits.maxTotalTokens,
    settings: {
      maxCostPerRun: settings.max_cost_per_run,
      maxCostPerDiscussion: settings.max_cost_per_discussion,
      warnAt: settings.warn_at,
    },
    unpricedUnderCap: unpriced,
  }
}
