/**
 * Summaries: the `.sum.md` written beside a discussion, as `discussions summarize` writes it.
 * Writing one runs in the background (it asks a provider); its progress arrives as events.
 */
import * as z from 'zod'

import { pathSchema } from './common.js'

const runId = z.string().min(1).max(100)

export const summariesRequests = {
  /** The discussion's `.sum.md`, if it has one: read, never written. */
  'summaries:read': z.strictObject({ path: pathSchema }),
  /** Starts writing the summary and answers at once with the run's id. */
  'summaries:start': z.strictObject({
    path: pathSchema,
    /** A configured provider instead of the moderator's; an unknown name is refused at once. */
    provider: z.string().min(1).max(100).optional(),
  }),
  'summaries:cancel': z.strictObject({ runId }),
}

export const summaryInfoSchema = z.object({
  /** The `.sum.md` file. */
  file: z.string(),
  /** Its markdown, as written (untrusted: shown through the safe markdown view only). */
  text: z.string(),
  /** When it was made (ISO 8601); null when the file does not say. */
  generated: z.string().nullable(),
  /** The provider that wrote its AI part; null when none answered. */
  provider: z.string().nullable(),
  /** How many comments came after it; null when the file does not say how many it saw. */
  newComments: z.number().nullable(),
  /** The discussion changed after the summary was made (for a file that does not count). */
  changedSince: z.boolean(),
})
export type SummaryInfo = z.infer<typeof summaryInfoSchema>

export const summaryStateSchema = z.object({
  /** Null when the discussion has no summary yet. */
  summary: summaryInfoSchema.nullable(),
  /** The run writing one now, if any. */
  running: z.string().nullable(),
  /** The configured providers one may be written by instead of the moderator's. */
  providers: z.array(z.string()),
})
export type SummaryState = z.infer<typeof summaryStateSchema>

/** Pushed while a summary is written: `started`, `text` as it streams, then `finished` or `error`. */
export const summaryProgressSchema = z.discriminatedUnion('kind', [
  z.object({ runId: z.string(), path: z.string(), kind: z.literal('started') }),
  /** The summary's text so far, as it streams in (at most a few a second). */
  z.object({ runId: z.string(), path: z.string(), kind: z.literal('text'), text: z.string() }),
  z.object({
    runId: z.string(),
    path: z.string(),
    kind: z.literal('finished'),
    file: z.string(),
    provider: z.string().nullable(),
    /** Why there is no AI summary in the file written (its structured part is complete). */
    aiError: z.string().nullable(),
  }),
  z.object({
    runId: z.string(),
    path: z.string(),
    kind: z.literal('error'),
    message: z.string(),
    /** The person cancelled it: nothing was written. */
    cancelled: z.boolean(),
  }),
])
export type SummaryProgress = z.infer<typeof summaryProgressSchema>

export interface SummariesResponses {
  'summaries:read': SummaryState
  'summaries:start': { runId: string }
  'summaries:cancel': { cancelled: boolean }
}
