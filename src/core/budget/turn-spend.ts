/** What a turn spent, in the figures every face formats alike (`format-spend.ts`). */
import type { TurnResult } from '../turns/run-turn.js'
import type { SpendFigures } from './format-spend.js'

export function turnSpend(result: Pick<TurnResult, 'answers' | 'usage' | 'costUsd'>): SpendFigures {
  const unpriced = result.answers.filter(
    (answer) => answer.event.type === 'done' && answer.event.costUsd === null,
  ).length
  return {
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    estimated: result.usage.estimated,
    costUsd: result.costUsd,
    unpriced,
  }
}

/** The line that says a budget stopped the turn, and what became of the calls it stopped. */
export function budgetStopLine(result: Pick<TurnResult, 'answers'>): string {
  const skipped = result.answers.filter(
    (answer) => answer.event.type === 'skipped' && answer.event.reason.startsWith('budget:'),
  ).length
  const cut = result.answers.filter(
    (answer) =>
      answer.event.type === 'done' && answer.event.note?.includes('cut short by the budget'),
  ).length
  const parts = [
    ...(skipped > 0 ? [`${skipped} not started`] : []),
    ...(cut > 0 ? [`${cut} cut short`] : []),
  ]
  return `Stopped by the budget (${parts.join(', ') || 'no call'}); the answers that arrived are saved. Raise the cap (--max-cost, --max-total-tokens) to go on.`
}
