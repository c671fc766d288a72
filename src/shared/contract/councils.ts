/** The council: start one, resume it, cancel it, read it; its progress arrives as events. */
import * as z from 'zod'

import { runCapsSchema } from './budget.js'
import type { RunEstimateInfo } from './budget.js'
import { pathSchema, usageSchema } from './common.js'

const runId = z.string().min(1).max(100)

export const councilModeSchema = z.enum(['personality', 'dp'])
export const councilFlowSchema = z.enum(['parallel', 'sequential', 'debate'])
export const councilTierSchema = z.enum(['light', 'medium', 'heavy'])

/** What a council is started (and estimated) with beside its question. */
const councilChoices = {
  folder: pathSchema,
  mode: councilModeSchema.optional(),
  flow: councilFlowSchema.optional(),
  rounds: z.int().min(1).max(5).optional(),
  tier: councilTierSchema.optional(),
  rank: z.boolean().optional(),
  /** Every role uses this provider; absent: the tiers decide. */
  provider: z.string().min(1).max(100).optional(),
  /** Max cost (USD) and Max tokens for this run; absent: the settings' `budget.*`. */
  caps: runCapsSchema.optional(),
}

export const councilRequests = {
  /** Creates the council's file in `folder` and starts it; answers at once with its path and id. */
  'councils:start': z.strictObject({
    question: z.string().trim().min(1, { error: 'ask the council something' }).max(20_000),
    ...councilChoices,
  }),
  /** Continues a council that stopped; only the missing calls are made. */
  'councils:resume': z.strictObject({ path: pathSchema, caps: runCapsSchema.optional() }),
  'councils:cancel': z.strictObject({ runId }),
  /** The council as its file says: calls, answers, ranking, synthesis, usage; and a running run. */
  'councils:read': z.strictObject({ path: pathSchema }),
  /** What resuming the council in `path` would cost: only the calls left (`council resume --estimate`). */
  'councils:resumeEstimate': z.strictObject({ path: pathSchema, caps: runCapsSchema.optional() }),
  /** What a council of these settings would cost, call by call (`council --estimate`). */
  'councils:estimate': z.strictObject({
    /** May still be empty while the person types it. */
    question: z.string().max(20_000),
    ...councilChoices,
  }),
}

/** What a call is asked to do. */
export const councilCallStageSchema = z.enum([
  'opening',
  'rebuttal',
  'final',
  'ideation',
  'assessment',
  'ranking',
  'synthesis',
])
export type CouncilCallStage = z.infer<typeof councilCallStageSchema>

/** One planned call, with its answer once there is one and the member who signs it. */
export const councilCallSchema = z.object({
  label: z.string(),
  /** `Skeptic`, `D-Arbiter`. */
  role: z.string(),
  /** Who answers it, as the comments sign: `AI-Skeptic` (the file's own names). */
  member: z.string(),
  round: z.number().nullable(),
  stage: councilCallStageSchema,
  /** `round 2`, `ranking`, `synthesis`: where its tokens are counted. */
  usageStage: z.string(),
  answered: z.boolean(),
  author: z.string().nullable(),
  answer: z.string().nullable(),
  provider: z.string().nullable(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  estimated: z.boolean(),
  costUsd: z.number().nullable(),
  /** Null until answered, or in a file written before calls were timed. */
  durationMs: z.number().nullable(),
  line: z.number().nullable(),
})
export type CouncilCallInfo = z.infer<typeof councilCallSchema>

/** One ranker's ballot, best first, each letter it saw beside the member it stood for. */
export const councilBallotSchema = z.object({
  ranker: z.string(),
  order: z.array(z.object({ letter: z.string(), member: z.string() })),
})
export type CouncilBallotInfo = z.infer<typeof councilBallotSchema>

/** A place in the Borda aggregate; members tied share a place. */
export const councilStandingSchema = z.object({
  member: z.string(),
  points: z.number(),
  firsts: z.number(),
  place: z.number(),
  tied: z.boolean(),
})
export type CouncilStandingInfo = z.infer<typeof councilStandingSchema>

/** Tokens, cost and time of one stage (`round 1`, `ranking`, `synthesis`) or of them all. */
export const councilStageUsageSchema = z.object({
  stage: z.string(),
  calls: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  /** True when any count was estimated from the text. */
  estimated: z.boolean(),
  /** The known costs summed; null when no call's cost is known. */
  costUsd: z.number().nullable(),
  /** Calls whose provider has no prices. */
  unpricedCalls: z.number(),
  /** The steps' slowest calls summed; null before any call, or for a file without times. */
  elapsedMs: z.number().nullable(),
})
export type CouncilStageUsage = z.infer<typeof councilStageUsageSchema>

/** What a running council's calls are doing: who is writing, their text so far, who failed. */
export const councilRunProgressSchema = z.object({
  /** Labels of the calls asked and not yet answered. */
  thinking: z.array(z.string()),
  /** Label -> the text that call has written so far. */
  streams: z.record(z.string(), z.string()),
  /** Label -> why that call failed in this run. */
  failed: z.record(z.string(), z.string()),
})
export type CouncilRunProgressInfo = z.infer<typeof councilRunProgressSchema>

/** The council as its file says: settings, calls, ballots, standings, synthesis and usage. */
export const councilInfoSchema = z.object({
  path: z.string(),
  question: z.string(),
  options: z.object({
    mode: councilModeSchema,
    flow: councilFlowSchema,
    rounds: z.number(),
    tier: councilTierSchema,
    /** An anonymized peer-ranking stage before the referee (personality mode only). */
    rank: z.boolean(),
  }),
  /** Every role uses this provider; null: the tiers decide. */
  provider: z.string().nullable(),
  title: z.string(),
  phase: z.string().nullable(),
  status: z.string().nullable(),
  calls: z.array(councilCallSchema),
  ranking: z.string().nullable(),
  /** The rankers' ballots, names revealed (empty without a ranking stage or before it). */
  ballots: z.array(councilBallotSchema),
  standings: z.array(councilStandingSchema),
  synthesis: z
    .object({
      author: z.string(),
      text: z.string(),
      provider: z.string().nullable(),
      line: z.number(),
    })
    .nullable(),
  stages: z.array(councilStageUsageSchema),
  total: councilStageUsageSchema,
  complete: z.boolean(),
  /** The run working on this file now, if any. */
  running: z.string().nullable(),
  /** That run's calls so far (who writes what), so a view opened mid-run shows them. */
  progress: councilRunProgressSchema.nullable(),
})
export type CouncilInfo = z.infer<typeof councilInfoSchema>

const call = { label: z.string() }

/** What a council run reports as it goes: per call (by its label), per stage, and the ranking. */
export const councilEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('plan'),
    calls: z.array(
      z.object({
        label: z.string(),
        role: z.string(),
        round: z.number().nullable(),
        stage: councilCallStageSchema,
        /** Already answered in the file (a resumed run skips it). */
        done: z.boolean(),
      }),
    ),
  }),
  z.object({ type: z.literal('started'), ...call, provider: z.string().nullable() }),
  z.object({ type: z.literal('text'), ...call, delta: z.string(), text: z.string() }),
  z.object({
    type: z.literal('retrying'),
    ...call,
    failed: z.string(),
    reason: z.string(),
    next: z.string(),
  }),
  z.object({
    type: z.literal('done'),
    ...call,
    author: z.string(),
    provider: z.string(),
    durationMs: z.number(),
    usage: usageSchema,
    costUsd: z.number().nullable(),
    line: z.number(),
  }),
  z.object({ type: z.literal('failed'), ...call, reason: z.string() }),
  z.object({ type: z.literal('phase'), from: z.string(), to: z.string() }),
  z.object({ type: z.literal('ranking'), text: z.string() }),
])
export type CouncilEventInfo = z.infer<typeof councilEventSchema>

const councilRun = { runId: z.string(), path: z.string() }

/** Pushed while a council runs: its events, then one `finished` or `error`. */
export const councilProgressSchema = z.discriminatedUnion('kind', [
  z.object({ ...councilRun, kind: z.literal('event'), event: councilEventSchema }),
  z.object({
    ...councilRun,
    kind: z.literal('finished'),
    complete: z.boolean(),
    cancelled: z.boolean(),
    /** Stopped between steps by the budget; resume with a new one. */
    budgetStopped: z.boolean(),
    failed: z.array(z.object({ label: z.string(), reason: z.string() })),
  }),
  z.object({ ...councilRun, kind: z.literal('error'), message: z.string() }),
])
export type CouncilProgress = z.infer<typeof councilProgressSchema>

export const councilStartedSchema = z.object({ path: z.string(), runId: z.string() })
export const councilResumedSchema = z.object({ runId: z.string() })
export const councilCancelledSchema = z.object({ cancelled: z.boolean() })

export interface CouncilResponses {
  'councils:start': z.infer<typeof councilStartedSchema>
  'councils:resume': z.infer<typeof councilResumedSchema>
  'councils:cancel': z.infer<typeof councilCancelledSchema>
  'councils:read': CouncilInfo
  'councils:estimate': RunEstimateInfo
  'councils:resumeEstimate': RunEstimateInfo
}
