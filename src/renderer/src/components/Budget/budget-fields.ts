/**
 * The Max cost (USD) and Max tokens fields as typed: blank is no cap from the field (the
 * settings' `budget.*` still apply), anything else must read as the CLI's flags read it, else the
 * problem is said in words under the field.
 */
import { readDollars, readTokenCap } from '@core/budget/cap-input'
import type { RunCapsInfo } from '@shared/contract'

export interface BudgetText {
  maxCost: string
  maxTokens: string
}

export const NO_BUDGET_TEXT: BudgetText = { maxCost: '', maxTokens: '' }

export interface BudgetReading {
  caps: RunCapsInfo
  costProblem: string | null
  tokensProblem: string | null
}

export function readBudget(text: BudgetText): BudgetReading {
  const cost = text.maxCost.trim() === '' ? null : readDollars(text.maxCost)
  const tokens = text.maxTokens.trim() === '' ? null : readTokenCap(text.maxTokens)
  return {
    caps: {
      ...(cost && 'value' in cost ? { maxCostUsd: cost.value } : {}),
      ...(tokens && 'value' in tokens ? { maxTotalTokens: tokens.value } : {}),
    },
    costProblem: cost && 'problem' in cost ? cost.problem : null,
    tokensProblem: tokens && 'problem' in tokens ? tokens.problem : null,
  }
}

/** Whether the fields hold something Start cannot take. */
export function budgetBlocked(reading: BudgetReading): boolean {
  return reading.costProblem !== null || reading.tokensProblem !== null
}

/** The settings' per-run cap as the field shows it when the dialog opens ('' for none). */
export function prefilledCost(maxCostPerRun: number | null): string {
  return maxCostPerRun === null ? '' : String(maxCostPerRun)
}
