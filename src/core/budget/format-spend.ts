/**
 * One way to say what was spent, for every face (the CLI's totals, the terminal UI's turn line,
 * `status`, `usage`): tokens in and out, "estimated" when any count was estimated from the text,
 * and a cost that reads "partial" when it leaves out answers whose price is unknown, "unknown"
 * when no price is known at all; never $0 for what nobody priced.
 */
import { formatCost } from '../providers/usage.js'

export interface SpendFigures {
  inputTokens: number
  outputTokens: number
  estimated: boolean
  /** Known costs summed; null when none is known. */
  costUsd: number | null
  /** Answers whose cost is unknown (left out of `costUsd`). */
  unpriced: number
}

/** Token counts as people read them: 950, 1.2k. */
export function formatTokenCount(count: number): string {
  return count >= 1000 ? `${(count / 1000).toFixed(1)}k` : String(count)
}

/** `1.2k in / 340 out (estimated)`. */
export function formatTokenSplit(figures: SpendFigures): string {
  const estimated = figures.estimated ? ' (estimated)' : ''
  return `${formatTokenCount(figures.inputTokens)} in / ${formatTokenCount(figures.outputTokens)} out${estimated}`
}

/** `$0.0123`, `$0.0123 (partial: 2 answers unpriced)`, or `unknown`. */
export function formatSpendCost(figures: Pick<SpendFigures, 'costUsd' | 'unpriced'>): string {
  if (figures.costUsd === null) return 'unknown'
  if (figures.unpriced === 0) return formatCost(figures.costUsd)
  const answers = figures.unpriced === 1 ? '1 answer' : `${figures.unpriced} answers`
  return `${formatCost(figures.costUsd)} (partial: ${answers} unpriced)`
}

/** `Tokens: 1.2k in / 340 out (estimated), cost $0.0123 (partial: 1 answer unpriced)`. */
export function formatSpend(figures: SpendFigures): string {
  return `Tokens: ${formatTokenSplit(figures)}, cost ${formatSpendCost(figures)}`
}
