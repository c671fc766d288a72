/** Turns: who would answer, starting one, cancelling it; its progress arrives as events. */
import * as z from 'zod'

import { runCapsSchema } from './budget.js'
import type { RunEstimateInfo } from './budget.js'
import { pathSchema, usageSchema, voteCountsSchema, voteSchema } from './common.js'

const alias = z
  .string()
  .regex(/^@?[A-Za-z0-9][\w.-]*$/, { error: 'must be a persona alias such as "architect"' })

const turnId = z.string().min(1).max(100)

export const turnsRequests = {
  /** Who a turn on this discussion would ask now, and the providers it could use. */
  'turns:plan': z.strictObject({ path: pathSchema }),
  /** Starts a turn and answers at once with its id; progress comes as `turns:progress` events. */
  'turns:start': z.strictObject({
    path: pathSchema,
    /** Aliases, or `all`; absent or empty: routing decides (mentions, then the phase's defaults). */
    participants: z.array(alias).max(50).optional(),
    callout: z.string().max(20_000).optional(),
    /** One provider for everyone, without fallback; absent: each persona's chain. */
    provider: z.string().min(1).max(100).optional(),
    /** Max cost (USD) and Max tokens for this turn; absent: the settings' `budget.*`. */
    caps: runCapsSchema.optional(),
  }),
  'turns:cancel': z.strictObject({ turnId }),
  /** What the turn would cost, per persona, before it starts (what `turn --estimate` prints). */
  'turns:estimate': z.strictObject({
    path: pathSchema,
    participants: z.array(alias).max(50).optional(),
    callout: z.string().max(20_000).optional(),
    provider: z.string().min(1).max(100).optional(),
    caps: runCapsSchema.optional(),
  }),
}

export const turnCandidateSchema = z.object({
  alias: z.string(),
  /** The persona's name; null when no persona has this alias. */
  name: z.string().nullable(),
  role: z.string().nullable(),
  /** Listed in the discussion's participants. */
  member: z.boolean(),
})
export type TurnCandidate = z.infer<typeof turnCandidateSchema>

export const turnPlanSchema = z.object({
  /** The discussion's participants first, then every other persona. */
  candidates: z.array(turnCandidateSchema),
  /** Who routing picks when nobody is named: the preselected chips. */
  preselected: z.array(z.string()),
  /** Why they were picked: `mentions`, `phase` (the phase's defaults), `participants` ... */
  source: z.enum(['explicit', 'callout', 'mentions', 'phase', 'participants']),
  phase: z.string().nullable(),
  providers: z.array(z.string()),
  defaultProvider: z.string(),
  /** The default provider is the offline demo. */
  usingDemo: z.boolean(),
  /** A turn already running on this file, if any. */
  running: z.string().nullable(),
})
export type TurnPlanInfo = z.infer<typeof turnPlanSchema>

const participant = { participant: z.string() }

/** Progress of one participant in a turn, in the order it happens. */
export const participantEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('queued'), ...participant }),
  z.object({ type: z.literal('started'), ...participant }),
  z.object({ type: z.literal('text'), ...participant, delta: z.string(), comment: z.string() }),
  /** A provider of the chain failed and the next one starts; text streamed so far is void. */
  z.object({
    type: z.literal('retrying'),
    ...participant,
    failed: z.string(),
    reason: z.string(),
    next: z.string(),
  }),
  z.object({
    type: z.literal('done'),
    ...participant,
    author: z.string(),
    vote: voteSchema.nullable(),
    provider: z.string(),
    /** The model that answered, when the provider said which. */
    model: z.string().optional(),
    durationMs: z.number(),
    usage: usageSchema,
    costUsd: z.number().nullable(),
    line: z.number(),
    note: z.string().nullable(),
  }),
  z.object({
    type: z.literal('no-response'),
    ...participant,
    provider: z.string(),
    durationMs: z.number(),
  }),
  z.object({ type: z.literal('failed'), ...participant, reason: z.string() }),
  z.object({ type: z.literal('skipped'), ...participant, reason: z.string() }),
])
export type ParticipantEventInfo = z.infer<typeof participantEventSchema>

export const turnEventSchema = z.union([
  participantEventSchema,
  z.object({
    type: z.literal('phase'),
    from: z.string(),
    to: z.string().nullable(),
    status: z.string().nullable(),
    reason: z.string().nullable(),
  }),
])
export type TurnEventInfo = z.infer<typeof turnEventSchema>

export const turnOutcomeSchema = z.object({
  cancelled: z.boolean(),
  votes: voteCountsSchema,
  usage: usageSchema,
  costUsd: z.number().nullable(),
  /** A call was skipped or cut short by the budget (the CLI's exit 3); absent: it was not. */
  budgetStopped: z.boolean().optional(),
  phase: z
    .object({
      from: z.string().nullable(),
      to: z.string().nullable(),
      status: z.string().nullable(),
      reason: z.string().nullable(),
    })
    .nullable(),
})
export type TurnOutcome = z.infer<typeof turnOutcomeSchema>

const turnRun = { turnId: z.string(), path: z.string() }

/** Pushed while a turn runs: each participant's progress, then one `finished` or `error`. */
export const turnProgressSchema = z.discriminatedUnion('kind', [
  z.object({ ...turnRun, kind: z.literal('event'), event: turnEventSchema }),
  z.object({ ...turnRun, kind: z.literal('finished'), outcome: turnOutcomeSchema }),
  z.object({ ...turnRun, kind: z.literal('error'), message: z.string() }),
])
export type TurnProgress = z.infer<typeof turnProgressSchema>

export const turnStartedSchema = z.object({ turnId: z.string() })
export const turnCancelledSchema = z.object({ cancelled: z.boolean() })

export interface TurnsResponses {
  'turns:plan': TurnPlanInfo
  'turns:start': z.infer<typeof turnStartedSchema>
  'turns:cancel': z.infer<typeof turnCancelledSchema>
  'turns:estimate': RunEstimateInfo
}
