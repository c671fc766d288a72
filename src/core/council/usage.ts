/**
 * Tokens, cost and time per stage and in total, from the calls recorded in the file: a resumed
 * run counts the calls of the run before it too. Unknown cost stays unknown (never shown as $0),
 * and so does the time of a file whose calls were not timed.
 */
import type { CouncilOptions } from './modes.js'
import { planCouncil } from './plan.js'
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
  /**
   * The stage's running time: the calls of one step run at once, so each step counts as long as
   * its slowest call, and the steps one after the other. Null when no call of the stage is
   * recorded yet, or one was recorded without its time (an older file).
   */
  elapsedMs: number | null
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
    elapsedMs: null,
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
  const untimed = new Set<string>()
  const total = empty('total')
  for (const step of planCouncil(options)) {
    let slowest: number | null = null
    for (const call of step) {
      const stage = stageOf(call)
      const sum = stages.get(stage) ?? empty(stage)
      stages.set(stage, sum)
      const record = recorded.get(call.label)
      if (!record) continue
      add(sum, record)
      add(total, record)
      if (record.durationMs === null) untimed.add(stage)
      else slowest = Math.max(slowest ?? 0, record.durationMs)
    }
    const stage = step[0] ? stages.get(stageOf(step[0])) : undefined
    if (stage && slowest !== null) stage.elapsedMs = (stage.elapsedMs ?? 0) + slowest
  }
  for (const stage of stages.values()) {
    if (untimed.has(stage.stage)) stage.elapsedMs = null
    else if (stage.elapsedMs !== null) total.elapsedMs = (total.elapsedMs ?? 0) + stage.elapsedMs
  }
  // A total that leaves out an untimed stage would understate the council: unknown instead.
  if (untimed.size > 0) total.elapsedMs = null
  return { stages: [...stages.values()], total }
}
