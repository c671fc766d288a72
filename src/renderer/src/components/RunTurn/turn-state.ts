/**
 * A running turn as the UI shows it: one row per participant with its live state, folded from the
 * `turn:progress` events. Pure, so it is tested without a browser.
 */
import type { Vote } from '../../../../core/format/model.js'
import type { ProviderUsage } from '../../../../core/providers/port.js'
import type { TurnOutcome, TurnProgress } from '../../../../shared/contract/index.js'

export type ParticipantState =
  'queued' | 'thinking' | 'streaming' | 'retrying' | 'done' | 'no-response' | 'failed' | 'skipped'

export interface ParticipantRow {
  alias: string
  state: ParticipantState
  /** The answer so far while streaming; the saved comment's text once done. */
  text: string
  author: string | null
  vote: Vote | null
  provider: string | null
  durationMs: number | null
  usage: ProviderUsage | null
  costUsd: number | null
  /** Why it failed, was skipped, or is retrying with another provider. */
  reason: string | null
}

export interface TurnState {
  turnId: string
  path: string
  rows: ParticipantRow[]
  /** null while the turn runs. */
  outcome: TurnOutcome | null
  error: string | null
  /** The phase moved or the status changed at the end. */
  phase: { from: string; to: string | null; status: string | null; reason: string | null } | null
}

export function startTurn(turnId: string, path: string, aliases: readonly string[]): TurnState {
  return {
    turnId,
    path,
    rows: aliases.map((alias) => emptyRow(alias)),
    outcome: null,
    error: null,
    phase: null,
  }
}

function emptyRow(alias: string): ParticipantRow {
  return {
    alias,
    state: 'queued',
    text: '',
    author: null,
    vote: null,
    provider: null,
    durationMs: null,
    usage: null,
    costUsd: null,
    reason: null,
  }
}

export const isFinished = (state: TurnState): boolean =>
  state.outcome !== null || state.error !== null

/** The next state after one progress message; messages of other turns leave it unchanged. */
export function applyProgress(state: TurnState, progress: TurnProgress): TurnState {
  if (progress.turnId !== state.turnId) return state
  if (progress.kind === 'finished') {
    const rows = progress.outcome.cancelled
      ? state.rows.map((row) =>
          ['queued', 'thinking', 'streaming', 'retrying'].includes(row.state)
            ? { ...row, state: 'skipped' as const, reason: 'cancelled' }
            : row,
        )
      : state.rows
    return { ...state, rows, outcome: progress.outcome }
  }
  if (progress.kind === 'error') return { ...state, error: progress.message }
  const event = progress.event
  if (event.type === 'phase') return { ...state, phase: event }
  const rows = state.rows.some((row) => row.alias === event.participant)
    ? state.rows
    : [...state.rows, emptyRow(event.participant)]
  return {
    ...state,
    rows: rows.map((row) => {
      if (row.alias !== event.participant) return row
      switch (event.type) {
        case 'queued':
          return { ...row, state: 'queued' }
        case 'started':
          return { ...row, state: 'thinking' }
        case 'text':
          return { ...row, state: 'streaming', text: event.comment }
        case 'retrying':
          return {
            ...row,
            state: 'retrying',
            text: '',
            reason: `${event.failed} failed (${event.reason}); trying ${event.next}`,
          }
        case 'done':
          return {
            ...row,
            state: 'done',
            author: event.author,
            vote: event.vote,
            provider: event.provider,
            durationMs: event.durationMs,
            usage: event.usage,
            costUsd: event.costUsd,
            reason: event.note,
          }
        case 'no-response':
          return {
            ...row,
            state: 'no-response',
            provider: event.provider,
            durationMs: event.durationMs,
          }
        case 'failed':
          return { ...row, state: 'failed', reason: event.reason }
        case 'skipped':
          return { ...row, state: 'skipped', reason: event.reason }
      }
    }),
  }
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

/** The known personas a callout @mentions: they answer too, as the CLI's routing would have it. */
export function calloutMentions(callout: string, known: readonly string[]): string[] {
  const mentioned = [...callout.matchAll(/(?<![\w.])@([a-z][a-z0-9_-]*)/gi)].map((m) =>
    (m[1] ?? '').toLowerCase(),
  )
  return [...new Set(mentioned.filter((alias) => known.includes(alias)))]
}
