/**
 * A run's budget while it runs: before a call starts, its worst case (the prompt's tokens and the
 * answer's ceiling) is reserved, and a call the rest of the budget cannot cover is not started;
 * when the call ends its reservation gives way to what it used. Reserving before starting, as
 * LiteLLM does, is what keeps calls running in parallel from overspending together.
 */
import { formatCost } from '../providers/usage.js'

export interface BudgetLimits {
  /** USD this run may spend; null: no dollar cap. */
  maxCostUsd: number | null
  /** Tokens (in and out) this run may use; null: no token cap. */
  maxTotalTokens: number | null
}

export interface Spend {
  tokens: number
  /** Null when unknown (a provider without prices). */
  costUsd: number | null
}

export interface Reservation {
  readonly id: number
  readonly worst: Spend
}

export type ReserveResult = { ok: true; reservation: Reservation } | { ok: false; reason: string }

export class BudgetLedger {
  private spentTokens = 0
  private spentUsd = 0
  private unknownCost = false
  private readonly held = new Map<number, Spend>()
  private nextId = 1
  /** True once a call was skipped or cut for the budget. */
  stopped = false

  constructor(readonly limits: BudgetLimits) {}

  private heldTokens(): number {
    let sum = 0
    for (const spend of this.held.values()) sum += spend.tokens
    return sum
  }

  private heldUsd(): number {
    let sum = 0
    for (const spend of this.held.values()) sum += spend.costUsd ?? 0
    return sum
  }

  /** Whether anything is capped at all. */
  get capped(): boolean {
    return this.limits.maxCostUsd !== null || this.limits.maxTotalTokens !== null
  }

  /** Holds `worst` for a call about to start, or says why the rest of the budget cannot. */
  reserve(worst: Spend): ReserveResult {
    const { maxCostUsd, maxTotalTokens } = this.limits
    if (maxTotalTokens !== null) {
      const left = maxTotalTokens - this.spentTokens - this.heldTokens()
      if (worst.tokens > left) {
        this.stopped = true
        return {
          ok: false,
          reason: `budget: its worst case of ${worst.tokens} tokens is more than the ${Math.max(0, left)} left of --max-total-tokens ${maxTotalTokens}`,
        }
      }
    }
    if (maxCostUsd !== null) {
      // A dollar cap never meets an unpriced call: the run refuses to start first.
      const cost = worst.costUsd ?? Number.POSITIVE_INFINITY
      const left = maxCostUsd - this.spentUsd - this.heldUsd()
      if (cost > left + 1e-12) {
        this.stopped = true
        return {
          ok: false,
          reason: `budget: its worst case of ${formatCost(cost)} is more than the ${formatCost(Math.max(0, left))} left of the ${formatCost(maxCostUsd)} cap`,
        }
      }
    }
    const reservation = { id: this.nextId++, worst }
    this.held.set(reservation.id, worst)
    return { ok: true, reservation }
  }

  /**
   * Whether a call that has used `so far` (while it streams) has crossed the cap: past what it
   * reserved and what no other call holds. A provider that ignores its ceiling, or a prompt
   * counted short, gets here; the call is then stopped and what arrived is kept.
   */
  crosses(reservation: Reservation, soFar: Spend): boolean {
    const { worst } = reservation
    const { maxCostUsd, maxTotalTokens } = this.limits
    if (maxTotalTokens !== null) {
      const free = Math.max(0, maxTotalTokens - this.spentTokens - this.heldTokens())
      if (soFar.tokens > worst.tokens + free) return true
    }
    if (maxCostUsd === null || soFar.costUsd === null || worst.costUsd === null) return false
    const free = Math.max(0, maxCostUsd - this.spentUsd - this.heldUsd())
    return soFar.costUsd > worst.costUsd + free
  }

  /** The call ended (or failed): its reservation gives way to what it used. */
  settle(reservation: Reservation, used: Spend | null): void {
    this.held.delete(reservation.id)
    if (!used) return
    this.spentTokens += used.tokens
    if (used.costUsd === null) this.unknownCost = true
    else this.spentUsd += used.costUsd
  }

  /** The dollars neither spent nor held; null without a dollar cap. */
  leftUsd(): number | null {
    const { maxCostUsd } = this.limits
    return maxCostUsd === null ? null : Math.max(0, maxCostUsd - this.spentUsd - this.heldUsd())
  }

  /** What the run has spent so far. */
  spent(): { tokens: number; costUsd: number; partial: boolean } {
    return { tokens: this.spentTokens, costUsd: this.spentUsd, partial: this.unknownCost }
  }
}
