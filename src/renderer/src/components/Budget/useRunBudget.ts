import { useEffect, useRef, useState } from 'react'

import type { Reply, RunCapsInfo, RunEstimateInfo } from '@shared/contract'
import { budgetRefusal } from './RunBudget'
import { budgetBlocked, NO_BUDGET_TEXT, prefilledCost, readBudget } from './budget-fields'
import type { BudgetReading, BudgetText } from './budget-fields'
import { useRunEstimate } from './useRunEstimate'
import type { RunEstimateState } from './useRunEstimate'

export interface RunBudgetState {
  text: BudgetText
  setText: (text: BudgetText) => void
  reading: BudgetReading
  estimated: RunEstimateState
  /** Why Start must not go on now (a field that does not read, a cap that cannot hold). */
  blocked: boolean
}

/**
 * A run dialog's budget: the two fields (emptied when it opens, then prefilled once from the
 * settings' `budget.max_cost_per_run` unless the person typed first) and the engine's estimate
 * for `key` (what the dialog has chosen) and the caps typed.
 */
export function useRunBudget(
  opened: boolean,
  key: string,
  fetch: (caps: RunCapsInfo) => Promise<Reply<RunEstimateInfo>>,
): RunBudgetState {
  const [text, setText] = useState<BudgetText>(NO_BUDGET_TEXT)
  const prefilled = useRef(false)
  useEffect(() => {
    if (!opened) return
    prefilled.current = false
    setText(NO_BUDGET_TEXT)
  }, [opened])
  const reading = readBudget(text)
  const caps = JSON.stringify(reading.caps)
  const estimated = useRunEstimate(opened, `${key}\n${caps}`, () => fetch(reading.caps))
  useEffect(() => {
    if (prefilled.current || !estimated.estimate) return
    prefilled.current = true
    const cost = prefilledCost(estimated.estimate.budget.settings.maxCostPerRun)
    if (cost !== '')
      setText((current) => (current.maxCost === '' ? { ...current, maxCost: cost } : current))
  }, [estimated.estimate])
  // A refusal counts for the caps it was found with: while a newer estimate is on its way, the
  // engine's own check at Start stands in for it.
  const refused = !estimated.pending && budgetRefusal(estimated.estimate) !== null
  const blocked = budgetBlocked(reading) || refused
  return { text, setText, reading, estimated, blocked }
}
