/**
 * A running turn as the UI shows it: one row per participant with its live state, folded from the
 * `turns:progress` events. Pure, so it is tested without a browser.
 */
import type { Vote } from '@core/format/model.js'
import type { ProviderUsage } from '@core/providers/port.js'
import type { TurnOutcome, TurnProgress } from '@shared/contract/index.js'

export type ParticipantState =
  | 'queued'
  | 'thinking'
  | 'streaming'
  | 'retrying'
  | 'done'
  | 'no-response'
  | 'failed'
  | 'skipped'
  /** Stopped by the person's own cancel: not a failure. */
  | 'cancelled'

/** Still waiting for or receiving an answer. */
export const isActive = (state: ParticipantState): boolean =>
  state === 'queued' || state === 'thinking' || state === 'streaming' || state === 'retrying'

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
  /** The file line of the saved comment's block, once done. */
  line: number | null
}

/** What the turn asked, so one participant can be asked again the same way. */
export interface TurnRequest {
  callout: string | null
  provider: string | null
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
  request: TurnRequest
  /** The person pressed Cancel: answers stopped from now on were cancelled, not failed. */
  cancelRequested: boolean
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
    rows: aliases.map((alias) => emptyRow(alias)),
    outcome: null,
    error: null,
    phase: null,
    request,
    cancelRequested: false,
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
    rows: [...kept, ...aliases.map((alias) => emptyRow(alias))],
  }
}

/** A stop the person caused (their cancel), told apart from a provider's own failure. */
const CANCEL_REASON = /\b(cancel+ed|aborted|abort)\b/i

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
    line: null,
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
          isActive(row.state) ||
          (row.state === 'failed' && CANCEL_REASON.test(row.reason ?? '')) ||
          (row.state === 'skipped' && row.reason === 'cancelled')
            ? { ...row, state: 'cancelled' as const, reason: 'cancelled' }
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
            line: event.line,
          }
        case 'no-response':
          return {
            ...row,
            state: 'no-response',
            provider: event.provider,
            durationMs: event.durationMs,
          }
        case 'failed':
          return state.cancelRequested
            ? { ...row, state: 'cancelled', reason: 'cancelled' }
            : { ...row, state: 'failed', reason: event.reason }
        case 'skipped':
          return event.reason === 'cancelled'
            ? { ...row, state: 'cancelled', reason: 'cancelled' }
            : { ...row, state: 'skipped', reason: event.reason }
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
