/**
 * Where a running turn is, from its events: one row per participant (queued, thinking, its
 * answer streaming in, retrying with the next provider, done with vote, time, tokens and cost, or
 * why not) and the phase change at the end. The app, the terminal UI and the CLI's live rows all
 * fold the turn's events through it, so no two of them can tell a turn differently. Plain
 * records, so it travels to the windows as it is.
 */
import type { Vote } from '../format/model.js'
import type { ProviderUsage } from '../providers/port.js'
import type { TurnEvent } from './turn-events.js'

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

export interface ParticipantProgress {
  alias: string
  state: ParticipantState
  /** The answer so far while streaming; the saved comment's text once done. */
  text: string
  author: string | null
  vote: Vote | null
  provider: string | null
  /** The model that answered, when the provider said which. */
  model?: string
  durationMs: number | null
  usage: ProviderUsage | null
  costUsd: number | null
  /** Why it failed, was skipped, or is retrying with another provider; a done answer's note. */
  reason: string | null
  /** The file line of the saved comment's block, once done. */
  line: number | null
}

/** The phase moved or the status changed when the turn ended. */
export interface PhaseChange {
  from: string
  to: string | null
  status: string | null
  reason: string | null
}

export interface TurnRunProgress {
  /** One a participant, in the order the turn first named them. */
  rows: ParticipantProgress[]
  phase: PhaseChange | null
  /** The person asked to cancel: answers stopped from now on were cancelled, not failed. */
  cancelRequested: boolean
}

/** A row before its participant's first event. */
export function queuedRow(alias: string): ParticipantProgress {
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

export function startTurnProgress(aliases: readonly string[]): TurnRunProgress {
  return { rows: [...new Set(aliases)].map(queuedRow), phase: null, cancelRequested: false }
}

const CANCELLED = 'cancelled'

/** A stop the person caused (their cancel), told apart from a provider's own failure. */
const CANCEL_REASON = /\b(cancel+ed|aborted|abort)\b/i

/**
 * The progress after one event; an event for someone not listed adds their row. Generic so that
 * a caller's own fields beside the progress (the app's turn id and outcome) are kept.
 */
export function reduceTurnProgress<P extends TurnRunProgress>(progress: P, event: TurnEvent): P {
  if (event.type === 'phase') {
    const { from, to, status, reason } = event
    return { ...progress, phase: { from, to, status, reason } }
  }
  const rows = progress.rows.some((row) => row.alias === event.participant)
    ? progress.rows
    : [...progress.rows, queuedRow(event.participant)]
  return {
    ...progress,
    rows: rows.map((row) =>
      row.alias === event.participant ? nextRow(row, event, progress.cancelRequested) : row,
    ),
  }
}

function nextRow(
  row: ParticipantProgress,
  event: Exclude<TurnEvent, { type: 'phase' }>,
  cancelRequested: boolean,
): ParticipantProgress {
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
        ...(event.model !== undefined ? { model: event.model } : {}),
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
      return cancelRequested
        ? { ...row, state: 'cancelled', reason: CANCELLED }
        : { ...row, state: 'failed', reason: event.reason }
    case 'skipped':
      return event.reason === CANCELLED
        ? { ...row, state: 'cancelled', reason: CANCELLED }
        : { ...row, state: 'skipped', reason: event.reason }
  }
}

/**
 * The turn has ended. When it was cancelled, the rows still in flight and the failures the
 * cancel caused read `cancelled`; otherwise the rows stay as they are.
 */
export function endTurnProgress<P extends TurnRunProgress>(progress: P, cancelled: boolean): P {
  if (!cancelled) return progress
  return {
    ...progress,
    rows: progress.rows.map((row) =>
      isActive(row.state) ||
      (row.state === 'failed' && CANCEL_REASON.test(row.reason ?? '')) ||
      (row.state === 'skipped' && row.reason === CANCELLED)
        ? { ...row, state: 'cancelled' as const, reason: CANCELLED }
        : row,
    ),
  }
}
