/**
 * A turn's budget as the turn runner uses it: the run's ledger and, for each persona, what a call
 * of its provider may cost. Each call reserves its worst case before it starts; a call the rest
 * cannot cover is skipped with the reason, and a stream that crosses the cap is stopped, what
 * arrived kept and marked.
 */
import { DiscussionError } from '../errors.js'
import { formatCost } from '../providers/usage.js'
import type { Aborter } from '../debate/deadline.js'
import type { Persona } from '../personas/schema.js'
import { costAt, countTokens, worstCase } from './estimate.js'
import type { CallPricing } from './estimate.js'
import type { BudgetLedger, Reservation } from './ledger.js'

/** A run's ledger and how to stop one call of it. */
export interface RunBudget {
  ledger: BudgetLedger
  /** A new AbortController (core has no platform globals). */
  aborter: () => Aborter
  /**
   * Calls of this run, not started yet, to a CLI that caps its own spend (claude): each is
   * handed its share of the rest, so several run side by side under one cap. Unset: one.
   */
  costReportersWaiting?: number
}

export interface TurnBudget extends RunBudget {
  pricing: (persona: Persona) => CallPricing
}

/** One call under the budget: its reservation and the check made as text streams in. */
export interface BudgetedCall {
  pricing: CallPricing
  promptTokens: number
  reservation: Reservation
  /** The call's signal: the run's cancel, or the budget cutting this call. */
  signal: AbortSignal
  /** True once the budget cut this call. */
  readonly cut: boolean
  /** The dollars handed to a CLI that caps its own spend (claude): the rest of the budget. */
  maxBudgetUsd?: number
  /** Cuts the call when the text streamed so far has crossed the cap. */
  check(streamed: string): void
  /** What the call used, as it ended (null: unknown, a failure); ends the call's watch. */
  settle(used: { tokens: number; costUsd: number | null } | null): void
}

/** Reserves a call's worst case; the reason it cannot start when the budget cannot cover it. */
export function reserveCall(
  budget: RunBudget,
  pricing: CallPricing,
  prompt: string,
  outer?: AbortSignal,
): BudgetedCall | { refused: string } {
  const promptTokens = countTokens(prompt)
  const worst = worstCase(promptTokens, pricing)
  // A CLI that reports its own cost (claude) may make several API calls in one: its worst case is
  // its share of the rest of the dollar cap (the rest over the calls of its kind still to start),
  // which it is handed to enforce itself.
  const waiting = Math.max(1, budget.costReportersWaiting ?? 1)
  const left = pricing.reportsCost ? budget.ledger.leftUsd() : null
  const handed = left === null ? null : left / waiting
  if (pricing.reportsCost && budget.costReportersWaiting !== undefined)
    budget.costReportersWaiting = waiting - 1
  if (handed !== null && handed <= 0)
    return {
      refused: `budget: nothing is left of the ${formatCost(budget.ledger.limits.maxCostUsd ?? 0)} cap`,
    }
  const held = budget.ledger.reserve(handed !== null ? { ...worst, costUsd: handed } : worst)
  if (!held.ok) return { refused: held.reason }
  const { reservation } = held
  const controller = budget.aborter()
  const onCancel = (): void => controller.abort()
  outer?.addEventListener('abort', onCancel, { once: true })
  if (outer?.aborted) controller.abort()
  let cut = false
  return {
    pricing,
    promptTokens,
    reservation,
    signal: controller.signal,
    get cut() {
      return cut
    },
    ...(handed !== null ? { maxBudgetUsd: handed } : {}),
    check: (streamed) => {
      if (cut || controller.signal.aborted) return
      const out = countTokens(streamed)
      const soFar = {
        tokens: promptTokens + out,
        costUsd: costAt(pricing.prices, promptTokens, out),
      }
      if (!budget.ledger.crosses(reservation, soFar)) return
      cut = true
      budget.ledger.stopped = true
      controller.abort()
    },
    settle: (used) => {
      outer?.removeEventListener('abort', onCancel)
      budget.ledger.settle(reservation, used)
    },
  }
}

/**
 * A dollar cap cannot hold for a provider whose price is unknown: the run is refused before any
 * call, naming the providers that lack `prices` (a token cap works without them).
 */
export function requirePrices(budget: TurnBudget, personas: readonly Persona[]): void {
  if (budget.ledger.limits.maxCostUsd === null) return
  const unpriced = new Set<string>()
  for (const persona of personas) {
    const pricing = budget.pricing(persona)
    if (!pricing.prices && !pricing.reportsCost) unpriced.add(pricing.provider)
  }
  if (unpriced.size > 0) throw unpricedError([...unpriced])
}

/** Why a dollar cap cannot start: the providers that lack `prices`. */
export function unpricedError(providers: readonly string[]): DiscussionError {
  const names = providers.map((name) => `"${name}"`).join(', ')
  const one = providers.length === 1
  return new DiscussionError(
    `A dollar cap needs every provider's price, and ${names} ${one ? 'has' : 'have'} no \`prices\` in providers.yaml: add \`prices: { input_per_mtok: …, output_per_mtok: … }\` to ${one ? 'it' : 'them'}, or cap tokens with --max-total-tokens instead.`,
  )
}
