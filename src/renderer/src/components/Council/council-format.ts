/** The council's figures in words: calls, tokens, cost and time, per stage and in total. */
import type { CouncilInfo } from '@shared/contract'
import { formatCostUsd, formatDuration, formatTokens } from '../RunTurn/turn-state'

export type StageInfo = CouncilInfo['total']

/** "1 call", "3 calls". */
export function callCount(calls: number): string {
  return calls === 1 ? '1 call' : `${calls} calls`
}

/** "$0.0012", "$0.03 + 2 unpriced", "cost unknown". */
export function stageCost(usage: StageInfo): string {
  const known = formatCostUsd(usage.costUsd)
  return usage.costUsd !== null && usage.unpricedCalls > 0
    ? `${known} + ${usage.unpricedCalls} unpriced`
    : known
}

/** "4.2 s"; "—" when the time is unknown (an older file, or nothing answered yet). */
export function stageTime(elapsedMs: number | null): string {
  return elapsedMs === null ? '—' : formatDuration(elapsedMs)
}

/** One line for a stage: "3 calls · 1,234 in · 567 out · $0.0012 · 4.2 s". */
export function stageLine(usage: StageInfo): string {
  return [callCount(usage.calls), formatTokens(usage), stageCost(usage), stageTime(usage.elapsedMs)]
    .filter(Boolean)
    .join(' · ')
}

/** "Round 1", "Ranking", "Synthesis". */
export function stageTitle(stage: string): string {
  return stage.charAt(0).toUpperCase() + stage.slice(1)
}

/** "advisors · parallel · 2 rounds · light tier · peer ranking · all on scripted". */
export function describeSettings(info: CouncilInfo): string {
  const { mode, flow, rounds, tier, rank } = info.options
  return [
    mode === 'dp' ? 'D/P groups' : 'advisors',
    flow,
    `${rounds} round${rounds === 1 ? '' : 's'}`,
    `${tier} tier`,
    rank ? 'peer ranking' : null,
    info.provider ? `all on ${info.provider}` : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

/**
 * The stage a view opens on: the synthesis once there is one; while the council runs, the first
 * stage still waiting for an answer, so what streams is in sight.
 */
export function openingStage(info: CouncilInfo): string {
  if (info.synthesis) return 'synthesis'
  const waiting = info.calls.find((call) => !call.answered)
  return waiting?.usageStage ?? info.stages[0]?.stage ?? 'synthesis'
}
