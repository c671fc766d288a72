/**
 * The budget's shapes that turns, councils and debates share: the caps a run is started with,
 * and the estimate shown before Start (the engine's own, the one `--estimate` prints).
 */
import * as z from 'zod'

/** Max cost (USD) and Max tokens for one run; absent: the settings' `budget.*` apply. */
export const runCapsSchema = z.strictObject({
  maxCostUsd: z.number().positive().max(1_000_000).optional(),
  maxTotalTokens: z.int().positive().max(1_000_000_000).optional(),
})
export type RunCapsInfo = z.infer<typeof runCapsSchema>

const costRangeSchema = z.object({ low: z.number(), expected: z.number(), high: z.number() })
export type CostRangeInfo = z.infer<typeof costRangeSchema>

export const callEstimateSchema = z.object({
  /** The persona's alias, or the council's or debate's step. */
  participant: z.string(),
  provider: z.string(),
  promptTokens: z.number(),
  ceilingTokens: z.number(),
  expectedAnswerTokens: z.number(),
  /** Null when the provider has no `prices`: unknown, never $0. */
  costUsd: costRangeSchema.nullable(),
  /** False for a call that may not happen (counted in the high end alone). */
  likely: z.boolean().optional(),
})
export type CallEstimateInfo = z.infer<typeof callEstimateSchema>

export const runEstimateSchema = z.object({
  calls: z.array(callEstimateSchema),
  total: z.object({
    calls: z.number(),
    promptTokens: z.number(),
    ceilingTokens: z.number(),
    costUsd: costRangeSchema.nullable(),
    unpriced: z.array(z.string()),
  }),
  /** How tokens were counted: a tokenizer, or the approximation named. */
  counting: z.string(),
  /** The caps in force with the ones asked for, the settings' defaults, and a refusal if any. */
  budget: z.object({
    maxCostUsd: z.number().nullable(),
    maxTotalTokens: z.number().nullable(),
    settings: z.object({
      maxCostPerRun: z.number().nullable(),
      maxCostPerDiscussion: z.number().nullable(),
      warnAt: z.number(),
    }),
    /** Providers without `prices` the dollar cap in force cannot hold with: Start is refused. */
    unpricedUnderCap: z.array(z.string()),
  }),
})
export type RunEstimateInfo = z.infer<typeof runEstimateSchema>

/** What a discussion has spent, from its usage lines and council records, and its cap. */
export const discussionSpendSchema = z.object({
  answers: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  /** Any count was estimated from the text. */
  estimated: z.boolean(),
  /** Known costs summed; null when none is known (unknown, never $0). */
  costUsd: z.number().nullable(),
  /** Answers whose cost is unknown, left out of `costUsd` (it is partial). */
  unpriced: z.number(),
  /** `budget.max_cost_per_discussion`; null: no cap. */
  capUsd: z.number().nullable(),
  /** `budget.warn_at`: the share of the cap at which the header warns. */
  warnAt: z.number(),
})
export type DiscussionSpendInfo = z.infer<typeof discussionSpendSchema>
