/**
 * Debates: create and run one, resume or cancel it, where one stands (for the debate view), and
 * the human's decision on an escalated one. A run goes on in the background: start and resume
 * answer at once with a run id, and its progress reaches every window as `debates:progress`.
 */
import * as z from 'zod'

import { runCapsSchema } from './budget.js'
import type { RunEstimateInfo } from './budget.js'
import { pathSchema } from './common.js'

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
    /** Max cost (USD) and Max tokens for this run; absent: the settings' `budget.*`. */
    caps: runCapsSchema.optional(),
  }),
  /** Runs a debate that has not run yet or stopped; it continues where its file leaves off. */
  'debates:resume': z.strictObject({ path: pathSchema, caps: runCapsSchema.optional() }),
  /** What running the debate in `path` on from where it is may cost (`debate run --estimate`). */
  'debates:resumeEstimate': z.strictObject({ path: pathSchema, caps: runCapsSchema.optional() }),
  /** What a new debate of these settings may cost, call by call (`debate run --estimate`). */
  'debates:estimate': z.strictObject({
    folder: pathSchema,
    /** May still be empty while the person types it. */
    title: z.string().max(200),
    context: z.string().max(100_000).optional(),
    participants: z.array(alias).max(20).optional(),
    weights: z.record(z.string().max(64), z.number().min(0.1).max(10)).optional(),
    maxRounds: z.int().min(1).max(10).optional(),
    caps: runCapsSchema.optional(),
  }),
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

export const debatePhaseSchema = z.enum(['propose', 'critique', 'defend', 'vote'])
export type DebatePhaseInfo = z.infer<typeof debatePhaseSchema>

export const severitySchema = z.enum(['minor', 'major', 'blocking'])

/** How a debate ended, or that it was escalated to the human. */
export const debateOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('consensus'), proposal: z.string(), round: z.number() }),
  z.object({ kind: z.literal('escalated'), rounds: z.number(), reason: z.string() }),
  z.object({ kind: z.literal('accepted'), proposal: z.string(), by: z.string() }),
  z.object({ kind: z.literal('rejected'), by: z.string() }),
])
export type DebateOutcome = z.infer<typeof debateOutcomeSchema>

export const roundResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('consensus'), proposal: z.string() }),
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('runoff'), proposals: z.array(z.string()) }),
])

/** How one round was counted: each candidate's approving weight (hundredths) and the result. */
export const roundTallySchema = z.object({
  round: z.number(),
  total: z.number(),
  proposals: z.array(
    z.object({
      proposal: z.string(),
      author: z.string(),
      /** Hundredths of weight approving. */
      approving: z.number(),
      approvers: z.array(z.string()),
      /** Unaddressed blocking critiques that put it out of the vote. */
      blockedBy: z.array(z.string()),
      passes: z.boolean(),
    }),
  ),
  result: roundResultSchema,
})
export type RoundTallyInfo = z.infer<typeof roundTallySchema>

export const critiqueSchema = z.object({
  /** `C<round>.<critic>.<n>`. */
  id: z.string(),
  round: z.number(),
  critic: z.string(),
  target: z.string(),
  severity: severitySchema,
  text: z.string(),
  /** The earlier critique this one keeps standing, if any. */
  keeps: z.string().nullable(),
})
export type CritiqueInfo = z.infer<typeof critiqueSchema>

export const defenseSchema = z.object({
  round: z.number(),
  author: z.string(),
  proposal: z.string(),
  addresses: z.array(z.string()),
  text: z.string(),
})

export const proposalSummarySchema = z.object({
  id: z.string(),
  author: z.string(),
  confidence: z.number().nullable(),
  original: z.string(),
  current: z.string(),
  /** Changes made while defending, oldest first. */
  revisions: z.array(z.object({ round: z.number(), text: z.string() })),
  critiques: z.object({
    blocking: z.array(critiqueSchema),
    major: z.array(critiqueSchema),
    minor: z.array(critiqueSchema),
  }),
  defenses: z.array(defenseSchema),
})
export type ProposalSummaryInfo = z.infer<typeof proposalSummarySchema>

/** What the debate waits for next. */
export const debateStepSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('start-round'),
    round: z.number(),
    candidates: z.array(z.string()),
    runoff: z.boolean(),
  }),
  z.object({
    kind: z.literal('ask'),
    round: z.number(),
    phase: debatePhaseSchema,
    participants: z.array(z.string()),
  }),
  z.object({ kind: z.literal('decide-round'), round: z.number() }),
  z.object({ kind: z.literal('escalate'), rounds: z.number(), reason: z.string() }),
  z.object({ kind: z.literal('finished') }),
  z.object({ kind: z.literal('awaiting-human') }),
])

/** A debate at a glance: where it stands, each proposal with its critiques, and the tallies. */
export const debateSummarySchema = z.object({
  title: z.string(),
  /** Weights in hundredths: 100 is a weight of 1.0. */
  participants: z.array(z.object({ alias: z.string(), weight: z.number() })),
  settings: z.object({
    maxRounds: z.number(),
    threshold: z.object({ num: z.number(), den: z.number() }),
    roundTimeoutSeconds: z.number(),
    allowModifications: z.boolean(),
  }),
  next: debateStepSchema,
  /** In words: "round 2, defend: waiting for @security", "escalated: the human decides". */
  standing: z.string(),
  proposals: z.array(proposalSummarySchema),
  /** Tallies of the rounds that were voted on. */
  tallies: z.array(roundTallySchema),
  absences: z.array(
    z.object({
      round: z.number(),
      phase: debatePhaseSchema,
      participant: z.string(),
      reason: z.string(),
    }),
  ),
  outcome: debateOutcomeSchema.nullable(),
  problems: z.array(z.string()),
})
export type DebateSummary = z.infer<typeof debateSummarySchema>

/** Where a running debate is: the round and, per phase, who writes, who answered, who was absent. */
export const debateRunProgressSchema = z.object({
  round: z.number().nullable(),
  phases: z.array(
    z.object({
      phase: z.string(),
      /** Alias -> how far that participant is in this phase. */
      participants: z.record(
        z.string(),
        z.object({
          state: z.enum(['waiting', 'writing', 'done', 'absent']),
          chars: z.number(),
          note: z.string().nullable(),
        }),
      ),
    }),
  ),
})
export type DebateRunProgressInfo = z.infer<typeof debateRunProgressSchema>

/**
 * Where a debate is, truthfully: OPEN until a run starts, RUNNING only while one runs here, then
 * what its file says (CONSENSUS, ESCALATED, ACCEPTED, REJECTED). A run that stopped is OPEN again.
 */
export const debateStatusSchema = z.enum([
  'OPEN',
  'RUNNING',
  'CONSENSUS',
  'ESCALATED',
  'ACCEPTED',
  'REJECTED',
])
export type DebateStatus = z.infer<typeof debateStatusSchema>

export const debateInfoSchema = debateSummarySchema.extend({
  path: z.string(),
  status: debateStatusSchema,
  /** The run working on this file now, if any. */
  running: z.string().nullable(),
  /** The proposals an escalation's decision may adopt: those of the last round. */
  inPlay: z.array(z.string()),
  /** The running run's progress so far (who is writing in which phase); null when none runs. */
  progress: debateRunProgressSchema.nullable(),
})
export type DebateInfo = z.infer<typeof debateInfoSchema>

const participant = { participant: z.string() }
const inPhase = { round: z.number(), phase: debatePhaseSchema, ...participant }

/** Everything a debate does, as the CLI and the app follow it. */
export const debateEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('debate-started'),
    title: z.string(),
    participants: z.array(z.string()),
    resumed: z.boolean(),
  }),
  z.object({
    type: z.literal('round-started'),
    round: z.number(),
    candidates: z.array(z.string()),
    runoff: z.boolean(),
  }),
  z.object({
    type: z.literal('phase-started'),
    round: z.number(),
    phase: debatePhaseSchema,
    participants: z.array(z.string()),
  }),
  z.object({ type: z.literal('participant-started'), ...inPhase }),
  z.object({ type: z.literal('participant-text'), ...inPhase, chars: z.number() }),
  z.object({
    type: z.literal('proposal-submitted'),
    ...participant,
    proposal: z.string(),
    confidence: z.number().nullable(),
  }),
  z.object({
    type: z.literal('critique-submitted'),
    ...participant,
    critiques: z.array(z.object({ id: z.string(), target: z.string(), severity: severitySchema })),
  }),
  z.object({
    type: z.literal('defense-submitted'),
    ...participant,
    proposal: z.string(),
    addresses: z.array(z.string()),
    revised: z.boolean(),
  }),
  z.object({
    type: z.literal('ballot-cast'),
    ...participant,
    approves: z.array(z.string()),
    weight: z.number(),
  }),
  z.object({ type: z.literal('participant-absent'), ...inPhase, reason: z.string() }),
  z.object({ type: z.literal('phase-ended'), round: z.number(), phase: debatePhaseSchema }),
  z.object({ type: z.literal('round-ended'), tally: roundTallySchema }),
  z.object({ type: z.literal('consensus-reached'), round: z.number(), proposal: z.string() }),
  z.object({ type: z.literal('runoff'), round: z.number(), proposals: z.array(z.string()) }),
  z.object({ type: z.literal('escalated'), rounds: z.number(), reason: z.string() }),
  z.object({ type: z.literal('debate-finished'), outcome: debateOutcomeSchema.nullable() }),
  z.object({ type: z.literal('debate-cancelled') }),
])
export type DebateEvent = z.infer<typeof debateEventSchema>

const debateRun = { runId: z.string(), path: z.string() }

/** Pushed while a debate runs: its events, then one `finished` or `error`. */
export const debateProgressSchema = z.discriminatedUnion('kind', [
  z.object({ ...debateRun, kind: z.literal('event'), event: debateEventSchema }),
  z.object({
    ...debateRun,
    kind: z.literal('finished'),
    cancelled: z.boolean(),
    /** Stopped between steps by the budget; resume with a new one. */
    budgetStopped: z.boolean(),
    outcome: debateOutcomeSchema.nullable(),
  }),
  z.object({ ...debateRun, kind: z.literal('error'), message: z.string() }),
])
export type DebateProgress = z.infer<typeof debateProgressSchema>

export const debateStartedSchema = z.object({ path: z.string(), runId: z.string() })
export const debateResumedSchema = z.object({ runId: z.string() })
export const debateCancelledSchema = z.object({ cancelled: z.boolean() })

export interface DebatesResponses {
  'debates:start': z.infer<typeof debateStartedSchema>
  'debates:resume': z.infer<typeof debateResumedSchema>
  'debates:cancel': z.infer<typeof debateCancelledSchema>
  'debates:read': DebateInfo
  'debates:decide': DebateOutcome
  'debates:estimate': RunEstimateInfo
  'debates:resumeEstimate': RunEstimateInfo
}
