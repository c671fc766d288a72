/**
 * Debates: create and run one, resume or cancel it, where one stands (for the debate view), and
 * the human's decision on an escalated one. A run goes on in the background: start and resume
 * answer at once with a run id, and its progress reaches every window as `debates:progress`.
 */
import { z } from 'zod'

import type { DebateEvent } from '../../core/debate/events.js'
import type { DebateOutcome } from '../../core/debate/model.js'
import type { DebateRunProgress } from '../../core/debate/progress.js'
import type { DebateSummary } from '../../core/debate/summary.js'
import { pathSchema } from './common.js'

export type { DebateSummary } from '../../core/debate/summary.js'
export type { DebateEvent } from '../../core/debate/events.js'

const runId = z.string().min(1).max(100)
const alias = z
  .string()
  .regex(/^@?[A-Za-z][A-Za-z0-9_-]{0,63}$/, { error: 'must be a persona alias such as architect' })

export const debatesRequests = {
  /** Creates a debate in `folder` (the CLI's defaults where absent) and starts running it. */
  'debates:start': z.strictObject({
    folder: pathSchema,
    title: z.string().trim().min(1, { error: 'say what the debate should decide' }).max(200),
    context: z.string().max(100_000).optional(),
    /** Persona aliases; absent or empty: the debate template's. */
    participants: z.array(alias).max(20).optional(),
    /** Voting weight per alias, 0.1 to 10 (as `--weights architect=2`); absent: by role. */
    weights: z.record(z.string().max(64), z.number().min(0.1).max(10)).optional(),
    maxRounds: z.int().min(1).max(10).optional(),
  }),
  /** Runs a debate that has not run yet or stopped; it continues where its file leaves off. */
  'debates:resume': z.strictObject({ path: pathSchema }),
  'debates:cancel': z.strictObject({ runId }),
  'debates:read': z.strictObject({ path: pathSchema }),
  'debates:decide': z
    .strictObject({
      path: pathSchema,
      /** The proposal adopted (P1, P2, ...); absent with `reject: true`. */
      accept: z
        .string()
        .regex(/^[Pp]\d{1,3}$/, { error: 'must be a proposal such as P2' })
        .optional(),
      reject: z.boolean().optional(),
      reason: z.string().max(20_000).optional(),
    })
    .refine((request) => (request.accept === undefined) === (request.reject === true), {
      error: 'give exactly one of accept or reject',
    }),
}

/**
 * Where a debate is, truthfully: OPEN until a run starts, RUNNING only while one runs here, then
 * what its file says (CONSENSUS, ESCALATED, ACCEPTED, REJECTED). A run that stopped is OPEN again.
 */
export type DebateStatus = 'OPEN' | 'RUNNING' | 'CONSENSUS' | 'ESCALATED' | 'ACCEPTED' | 'REJECTED'

export type DebateInfo = DebateSummary & {
  path: string
  status: DebateStatus
  /** The run working on this file now, if any. */
  running: string | null
  /** The proposals an escalation's decision may adopt: those of the last round. */
  inPlay: string[]
  /** The running run's progress so far (who is writing in which phase); null when none runs. */
  progress: DebateRunProgress | null
}

/** Pushed while a debate runs: its events, then one `finished` or `error`. */
export type DebateProgress =
  | { runId: string; path: string; kind: 'event'; event: DebateEvent }
  | {
      runId: string
      path: string
      kind: 'finished'
      cancelled: boolean
      outcome: DebateOutcome | null
    }
  | { runId: string; path: string; kind: 'error'; message: string }

export interface DebatesResponses {
  'debates:start': { path: string; runId: string }
  'debates:resume': { runId: string }
  'debates:cancel': { cancelled: boolean }
  'debates:read': DebateInfo
  'debates:decide': DebateOutcome
}
