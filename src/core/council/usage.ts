/**
 * Tokens and cost per stage and in total, from the calls recorded in the file: a resumed run
 * counts the calls of the run before it too. Unknown cost stays unknown (never shown as $0).
 */
import type { CouncilOptions } from './modes.js'
import { plannedCalls } from './plan.js'
import type { CouncilCall } from './plan.js'
import type { RecordedCall } from './record.js'

export interface StageUsage {
  /** `round 1`, `ranking`, `synthesis`, or `total`. */
  stage: string
  calls: number
  inputTokens: number
  outputTokens: number
  /** True when any count was estimated from the text. */
  estimated: boolean
  /** The known costs summed; null when no call's cost is known. */
  costUsd: number | null
  /** Calls whose provider has no prices. */
  unpricedCalls: number
}

export function stageOf(call: CouncilCall): string {
  return call.round !== null ? `round ${call.round}` : call.stage
}

function empty(stage: string): StageUsage {
  return {
    stage,
    calls: 0,
    inputTokens: 0,
    outputTokens: 0,
    estimated: false,
    costUsd: null,
    unpricedCalls: 0,
  }
}

function add(sum: StageUsage, call: RecordedCall): void {
  sum.calls++
  sum.inputTokens += call.inputTokens
  sum.outputTokens += call.outputTokens
  sum.estimated ||= call.estimated
  if (call.costUsd === null) sum.unpricedCalls++
  else sum.costUsd = (sum.costUsd ?? 0) + call.costUsd
}

export function councilUsage(
  options: CouncilOptions,
  recorded: ReadonlyMap<string, RecordedCall>,
): { stages: StageUsage[]; total: StageUsage } {
  const stages = new Map<string, StageUsage>()
  const total = empty('total')
  for (const call of plannedCalls(options)) {
    const stage = stageOf(call)
    const sum = stages.get(stage) ?? empty(stage)
    stages.set(stage, sum)
    const record = recorded.get(call.label)
    if (!record) continue
    add(sum, record)
    add(total, record)
  }
  return { stages: [...stages.values()], total }
}
