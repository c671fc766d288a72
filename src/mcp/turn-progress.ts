/**
 * Where a running turn is, from its events: one row per participant (queued, thinking, writing
 * with the characters so far, done with its vote and line, or why not), and the phase change
 * the turn made. What `turn_status` returns while a turn runs and after.
 */
import * as z from 'zod'

import type { TurnEvent } from '../core/turns/turn-events.js'
import { voteSchema } from './schemas.js'

export const participantStateSchema = z.object({
  participant: z.string(),
  state: z.enum(['queued', 'thinking', 'writing', 'done', 'no-response', 'failed', 'skipped']),
  chars: z.number().describe('Characters written so far (while writing)'),
  author: z.string().nullable(),
  vote: voteSchema.nullable(),
  line: z.number().nullable().describe('Where the saved answer starts in the file'),
  provider: z.string().nullable(),
  reason: z.string().nullable().describe('Why it failed or was skipped, or a retry under way'),
})

export type ParticipantState = z.output<typeof participantStateSchema>

export interface TurnProgress {
  participants: ParticipantState[]
  phase: { from: string; to: string | null; status: string | null; reason: string | null } | null
}

export const NO_TURN_PROGRESS: TurnProgress = { participants: [], phase: null }

const fresh = (participant: string): ParticipantState => ({
  participant,
  state: 'queued',
  chars: 0,
  author: null,
  vote: null,
  line: null,
  provider: null,
  reason: null,
})

/** The progress after `event`; streamed text changes the counts only, nothing notable. */
export function reduceTurnProgress(progress: TurnProgress, event: TurnEvent): TurnProgress {
  if (event.type === 'phase') {
    const { from, to, status, reason } = event
    return { ...progress, phase: { from, to, status, reason } }
  }
  const current =
    progress.participants.find((row) => row.participant === event.participant) ??
    fresh(event.participant)
  const next = ((): ParticipantState => {
    switch (event.type) {
      case 'queued':
        return current
      case 'started':
        return { ...current, state: 'thinking' }
      case 'text':
        return { ...current, state: 'writing', chars: event.comment.length }
      case 'retrying':
        return {
          ...current,
          state: 'thinking',
          chars: 0,
          reason: `${event.failed} failed (${event.reason}); trying ${event.next}`,
        }
      case 'done':
        return {
          ...current,
          state: 'done',
          author: event.author,
          vote: event.vote,
          line: event.line,
          provider: event.provider,
          reason: null,
        }
      case 'no-response':
        return {
          ...current,
          state: 'no-response',
          provider: event.provider,
          reason: 'nothing to add',
        }
      case 'failed':
        return { ...current, state: 'failed', reason: event.reason }
      case 'skipped':
        return { ...current, state: 'skipped', reason: event.reason }
    }
  })()
  const known = progress.participants.some((row) => row.participant === event.participant)
  return {
    ...progress,
    participants: known
      ? progress.participants.map((row) => (row.participant === event.participant ? next : row))
      : [...progress.participants, next],
  }
}

/** A participant's row has its final state. */
export const settled = (row: ParticipantState): boolean =>
  row.state === 'done' ||
  row.state === 'no-response' ||
  row.state === 'failed' ||
  row.state === 'skipped'

/** One line for a progress notification: "2 of 3 answered; security writing (1,234 chars)". */
export function progressLine(progress: TurnProgress): string {
  const rows = progress.participants
  const answered = rows.filter(settled).length
  const busy = rows
    .filter((row) => row.state === 'thinking' || row.state === 'writing')
    .map((row) =>
      row.state === 'writing'
        ? `${row.participant} writing (${row.chars} chars)`
        : `${row.participant} thinking`,
    )
  return [`${answered} of ${rows.length} answered`, ...busy].join('; ')
}
