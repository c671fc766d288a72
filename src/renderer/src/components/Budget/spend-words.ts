/**
 * The header's spend in words, as the CLI's `status` says it (`format-spend.ts`): the
 * discussion's total and the running turn's, "partial" or "unknown" where prices are missing
 * (never $0 for what nobody priced), and a warning from `budget.warn_at` of the per-discussion cap.
 */
import { formatSpendCost, formatTokenSplit } from '@core/budget/format-spend'
import type { SpendFigures } from '@core/budget/format-spend'
import { formatCost } from '@core/providers/usage'
import type { DiscussionSpendInfo } from '@shared/contract'
import type { ParticipantRow } from '../RunTurn/turn-state'

/** What a turn's answers so far used: the finished ones' figures. */
export function turnSpend(
  rows: readonly Pick<ParticipantRow, 'usage' | 'costUsd'>[],
): SpendFigures & { answers: number } {
  const done = rows.filter((row) => row.usage !== null)
  const priced = done.filter((row) => row.costUsd !== null)
  return {
    answers: done.length,
    inputTokens: done.reduce((sum, row) => sum + (row.usage?.inputTokens ?? 0), 0),
    outputTokens: done.reduce((sum, row) => sum + (row.usage?.outputTokens ?? 0), 0),
    estimated: done.some((row) => row.usage?.estimated === true),
    costUsd: priced.length === 0 ? null : priced.reduce((sum, row) => sum + (row.costUsd ?? 0), 0),
    unpriced: done.length - priced.length,
  }
}

export interface SpendWords {
  /** `Spent $0.0318` / `Spent unknown` / `Spent $0.02 (partial: 1 answer unpriced)`. */
  total: string
  /** `this turn $0.0104 so far`; null with no turn shown. */
  turn: string | null
  /** `82% of the $0.0500 budget`; null below `warn_at` or with no cap. */
  warning: string | null
  /** Tokens in and out, `(estimated)` when any count was. */
  tokens: string
  /** The one-line header's short form: `$0.0318 · turn $0.01`, or the warning `80% of budget`. */
  short: string
}

/** A cost in few characters: `$0.0318`, `$0.02 (partial)`, `unknown`. */
function shortCost(figures: Pick<SpendFigures, 'costUsd' | 'unpriced'>): string {
  if (figures.costUsd === null) return 'unknown'
  return `${formatCost(figures.costUsd)}${figures.unpriced > 0 ? ' (partial)' : ''}`
}

export function spendWords(
  spend: DiscussionSpendInfo,
  turn: { figures: SpendFigures & { answers: number }; running: boolean } | null,
): SpendWords {
  const total = spend.answers === 0 ? 'Spent nothing yet' : `Spent ${formatSpendCost(spend)}`
  const turnWords =
    turn === null
      ? null
      : turn.figures.answers === 0
        ? turn.running
          ? 'this turn: nothing yet'
          : null
        : `this turn ${formatSpendCost(turn.figures)}${turn.running ? ' so far' : ''}`
  let warning: string | null = null
  let shortWarning: string | null = null
  if (spend.capUsd !== null && spend.costUsd !== null) {
    const share = spend.costUsd / spend.capUsd
    const percent = Math.round(share * 100)
    if (share >= 1) warning = `budget spent: ${percent}% of ${formatCost(spend.capUsd)}`
    else if (share >= spend.warnAt)
      warning = `${percent}% of the ${formatCost(spend.capUsd)} budget`
    if (warning) shortWarning = share >= 1 ? 'budget spent' : `${percent}% of budget`
  }
  const running = turn?.running === true
  // A warning takes the one-line header's room alone: the figures are one click away.
  const short = shortWarning
    ? [shortWarning]
    : [
        spend.answers === 0 ? null : shortCost(spend),
        running
          ? `turn ${turn.figures.answers === 0 ? '$0 so far' : shortCost(turn.figures)}`
          : null,
      ].filter((part): part is string => part !== null)
  return {
    total,
    turn: turnWords,
    warning,
    tokens: formatTokenSplit(spend),
    short: short.join(' · '),
  }
}
