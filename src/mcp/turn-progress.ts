/**
 * A running turn as `turn_status` tells it: core's turn progress (the one reducer the app, the
 * terminal UI and the CLI fold a turn's events through) shown one row per participant, with the
 * length of an answer still streaming in place of its text, and one line for notifications.
 */
import * as z from 'zod'

import { isActive } from '../core/turns/progress.js'
import type { ParticipantProgress, TurnRunProgress } from '../core/turns/progress.js'
import { voteSchema } from './schemas.js'

export const participantStateSchema = z.object({
  participant: z.string(),
  state: z.enum([
    'queued',
    'thinking',
    'streaming',
    'retrying',
    'done',
    'no-response',
    'failed',
    'skipped',
    'cancelled',
  ]),
  chars: z.number().describe('Characters written so far, while streaming'),
  author: z.string().nullable(),
  vote: voteSchema.nullable(),
  line: z.number().nullable().describe('Where the saved answer starts in the file'),
  provider: z.string().nullable(),
  reason: z.string().nullable().describe('Why it failed or was skipped, or a retry under way'),
})

export type ParticipantState = z.output<typeof participantStateSchema>

export function participantState(row: ParticipantProgress): ParticipantState {
  return {
    participant: row.alias,
    state: row.state,
    chars: row.state === 'streaming' ? row.text.length : 0,
    author: row.author,
    vote: row.vote,
    line: row.line,
    provider: row.provider,
    reason: row.reason,
  }
}

/** One line for a progress notification: "2 of 3 answered; security writing (1234 chars)". */
export function progressLine(progress: TurnRunProgress): string {
  const { rows } = progress
  const answered = rows.filter((row) => !isActive(row.state)).length
  const busy = rows
    .filter((row) => row.state === 'thinking' || row.state === 'streaming')
    .map((row) =>
      row.state === 'streaming'
        ? `${row.alias} writing (${row.text.length} chars)`
        : `${row.alias} thinking`,
    )
  return [`${answered} of ${rows.length} answered`, ...busy].join('; ')
}
