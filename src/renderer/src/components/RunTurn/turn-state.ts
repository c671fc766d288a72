/**
 * A running turn as the UI shows it: one row per participant with its live state, folded from the
 * `turns:progress` events by core's turn progress (the terminal UI and the CLI fold the same
 * events through it). Pure, so it is tested without a browser.
 */
import { mentionsInProse } from '@core/format/markers.js'
import { endTurnProgress, reduceTurnProgress, startTurnProgress } from '@core/turns/progress.js'
import type { ParticipantProgress, TurnRunProgress } from '@core/turns/progress.js'
import type { ProviderUsage } from '@core/providers/port.js'
import type { TurnOutcome, TurnProgress } from '@shared/contract/index.js'

export { isActive } from '@core/turns/progress.js'
export type { ParticipantState } from '@core/turns/progress.js'

/** One participant's row: its progress as core folds it. */
export type ParticipantRow = ParticipantProgress

/** What the turn asked, so one participant can be asked again the same way. */
export interface TurnRequest {
  callout: string | null
  provider: string | null
}

/** The turn's progress (rows, phase change, cancel asked), and what the window adds to it. */
export interface TurnState extends TurnRunProgress {
  turnId: string
  path: string
  /** null while the turn runs. */
  outcome: TurnOutcome | null
  error: string | null
  request: TurnRequest
  /** The person moved the phase back from the line after the turn moved it (one click, once). */
  phaseUndone: boolean
}

export function startTurn(
  turnId: string,
  path: string,
  aliases: readonly string[],
  request: TurnRequest = { callout: null, provider: null },
): TurnState {
  return {
    turnId,
    path,
    ...startTurnProgress(aliases),
    outcome: null,
    error: null,
    request,
    phaseUndone: false,
  }
}

/**
 * A retry of some participants as a new turn: the earlier turn's other rows stay (they are part
 * of what the person is looking at), the retried ones start again.
 */
export function retryTurn(
  previous: TurnState,
  turnId: string,
  aliases: readonly string[],
): TurnState {
  const again = new Set(aliases)
  const kept = previous.rows.filter((row) => !again.has(row.alias))
  return {
    ...startTurn(turnId, previous.path, [], previous.request),
    rows: [...kept, ...startTurnProgress(aliases).rows],
  }
}

export const isFinished = (state: Pick<TurnState, 'outcome' | 'error'>): boolean =>
  state.outcome !== null || state.error !== null

/** The next state after one progress message; messages of other turns leave it unchanged. */
export function applyProgress(state: TurnState, progress: TurnProgress): TurnState {
  if (progress.turnId !== state.turnId) return state
  if (progress.kind === 'finished')
    return { ...endTurnProgress(state, progress.outcome.cancelled), outcome: progress.outcome }
  if (progress.kind === 'error') return { ...state, error: progress.message }
  return reduceTurnProgress(state, progress.event)
}

/** "1.2 s", "85 ms". */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`
}

/** "1,234 in · 210 out" with "~" when estimated. */
export function formatTokens(usage: ProviderUsage): string {
  const about = usage.estimated ? '~' : ''
  return `${about}${usage.inputTokens.toLocaleString('en')} in · ${about}${usage.outputTokens.toLocaleString('en')} out`
}

export function formatCostUsd(cost: number | null): string {
  if (cost === null) return 'cost unknown'
  return cost < 0.01 ? `$${cost.toFixed(4)}` : `$${cost.toFixed(2)}`
}

/**
 * The known personas a callout @mentions: they answer too, as the CLI's routing would have it
 * (core's reading of mentions: prose only, never code or a diagram block).
 */
export function calloutMentions(callout: string, known: readonly string[]): string[] {
  return mentionsInProse(callout).filter((alias) => known.includes(alias))
}
