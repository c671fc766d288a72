/**
 * What a discussion (or a folder of them) has spent, as `status` and `usage` print it: the sum in
 * the shared words (`format-spend.ts`), and against a cap the share used, with the warning once it
 * reaches `budget.warn_at`.
 */
import { formatCost } from '../providers/usage.js'
import { formatSpend } from './format-spend.js'
import type { UsageSum } from './totals.js'

export function spendLines(spend: UsageSum, cap: number | null, warnAt: number): string[] {
  if (spend.answers === 0) return ['Spend: nothing recorded yet.']
  const lines = [`Spend: ${spend.answers} answers. ${formatSpend(spend)}`]
  if (cap === null || spend.costUsd === null) return lines
  const share = spend.costUsd / cap
  lines.push(
    `Budget: ${formatCost(spend.costUsd)} of the ${formatCost(cap)} per discussion (${Math.round(share * 100)}%).`,
  )
  if (share >= warnAt)
    lines.push(
      share >= 1
        ? 'warning: this discussion has spent its budget; runs on it stop before their first call.'
        : `warning: this discussion has spent ${Math.round(share * 100)}% of its budget.`,
    )
  return lines
}
