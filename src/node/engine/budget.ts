/**
 * A run's budget from what the person asked (`--max-cost`, `--max-total-tokens`) and the
 * settings (`budget.*`): the caps in force, and what each persona's call may cost (its provider's
 * `prices` and the answer's ceiling: the entry's `max_tokens`, else `budget.assumed_answer_tokens`).
 */
import type { CallPricing } from '../../core/budget/estimate.js'
import { unpricedError } from '../../core/budget/turn-budget.js'
import { BudgetLedger } from '../../core/budget/ledger.js'
import type { BudgetLimits } from '../../core/budget/ledger.js'
import { recordedUsage, sumUsage } from '../../core/budget/totals.js'
import type { TurnBudget } from '../../core/budget/turn-budget.js'
import type { ParsedDiscussion } from '../../core/format/model.js'
import type { LoadedProviders } from '../providers/load-providers.js'
import { chainFor } from '../providers/provider-caller.js'
import type { EngineContext } from './engine-context.js'

/** What a person asked for this run; absent keys fall back to the settings. */
export interface RunCaps {
  maxCostUsd?: number
  maxTotalTokens?: number
}

/** Agent CLIs that report what a call cost themselves (claude's `total_cost_usd`). */
const REPORTS_COST = new Set(['claude'])

function programName(argv: readonly string[] | null | undefined): string {
  return (argv?.[0] ?? '').split(/[\\/]/).pop() ?? ''
}

/** What a call of the provider named `name` may cost (the chain's first: it answers unless it fails). */
export function pricingOfProvider(
  engine: EngineContext,
  loaded: LoadedProviders,
  name: string | null,
): CallPricing {
  const provider = name === null ? undefined : loaded.available.get(name)
  const entry = loaded.entries.find((item) => item.active && item.name === name)
  const config = entry?.config as { max_tokens?: number } | null | undefined
  return {
    provider: name ?? 'none',
    prices: provider?.prices ?? null,
    ceilingTokens: config?.max_tokens ?? engine.config.budget.assumed_answer_tokens,
    ...(REPORTS_COST.has(programName(entry?.argv)) ? { reportsCost: true } : {}),
  }
}

export function pricingFor(
  engine: EngineContext,
  loaded: LoadedProviders,
  explicit: string | null,
): (persona: { provider_hint: string | null }) => CallPricing {
  return (persona) => {
    const first = chainFor(loaded, { explicit, personaHint: persona.provider_hint }).chain[0]
    return pricingOfProvider(engine, loaded, first?.name ?? explicit)
  }
}

/** The caps in force: the person's, else the settings', and never past the discussion's cap. */
export function limitsFor(
  engine: EngineContext,
  caps: RunCaps,
  /** The discussion's file as it stands; null for one not written yet (nothing spent). */
  parsed: ParsedDiscussion | null,
): BudgetLimits {
  const settings = engine.config.budget
  let maxCostUsd = caps.maxCostUsd ?? settings.max_cost_per_run
  if (settings.max_cost_per_discussion !== null) {
    const recorded = parsed ? recordedUsage(parsed) : []
    const spent = sumUsage(recorded.map((item) => item.usage)).costUsd ?? 0
    const left = Math.max(0, settings.max_cost_per_discussion - spent)
    maxCostUsd = maxCostUsd === null ? left : Math.min(maxCostUsd, left)
  }
  return { maxCostUsd, maxTotalTokens: caps.maxTotalTokens ?? null }
}

/** Whether the person or the settings cap anything. */
export function anyCap(engine: EngineContext, caps: RunCaps): boolean {
  const settings = engine.config.budget
  return (
    caps.maxCostUsd !== undefined ||
    caps.maxTotalTokens !== undefined ||
    settings.max_cost_per_run !== null ||
    settings.max_cost_per_discussion !== null
  )
}

/** The providers a dollar cap cannot hold with: no `prices`, and no cost of their own reported. */
export function unpricedUnder(limits: BudgetLimits, pricings: readonly CallPricing[]): string[] {
  if (limits.maxCostUsd === null) return []
  return [...new Set(pricings.filter((p) => !p.prices && !p.reportsCost).map((p) => p.provider))]
}

/** A dollar cap with calls whose price is unknown cannot hold: refused, naming the providers. */
export function requirePricesOf(limits: BudgetLimits, pricings: readonly CallPricing[]): void {
  const unpriced = unpricedUnder(limits, pricings)
  if (unpriced.length > 0) throw unpricedError(unpriced)
}

/** The turn's budget; undefined when nothing is capped. */
export async function turnBudgetFor(
  engine: EngineContext,
  caps: RunCaps,
  parsed: ParsedDiscussion,
  explicit: string | null,
): Promise<TurnBudget | undefined> {
  const limits = limitsFor(engine, caps, parsed)
  if (limits.maxCostUsd === null && limits.maxTotalTokens === null) return undefined
  return {
    ledger: new BudgetLedger(limits),
    pricing: pricingFor(engine, await engine.providers(), explicit),
    aborter: () => new AbortController(),
  }
}
