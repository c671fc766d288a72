/**
 * Building blocks every domain of the contract shares. The contract owns its wire: requests and
 * answers are zod schemas here and their types are inferred, so the backend maps the engine's
 * values onto them and a change in core fails the type check at that mapping, not in the page.
 */
import * as z from 'zod'

/** Every invoke call answers with a value or an error a person can read; never a stack trace. */
export type Reply<T> = { value: T } | { error: { message: string } }

/** A file or folder path as a request names it; the backend checks it lies inside the workspace. */
export const pathSchema = z
  .string()
  .min(1, { error: 'must name a path' })
  .max(4096, { error: 'is too long' })
  .refine((path) => !path.includes('\0'), { error: 'must not contain a NUL character' })

/** A request that carries nothing. */
export const emptyRequest = z.strictObject({})

/** A vote, as a comment's `VOTE:` line gives it. */
export const voteSchema = z.enum(['READY', 'CHANGES', 'REJECT'])
export type Vote = z.infer<typeof voteSchema>

/** How many participants vote each way. */
export const voteCountsSchema = z.object({
  READY: z.number(),
  CHANGES: z.number(),
  REJECT: z.number(),
})
export type VoteCounts = z.infer<typeof voteCountsSchema>

/** Tokens a provider used for an answer (or a turn's answers together). */
export const usageSchema = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  /** True when the provider reported no counts and they were estimated from the text. */
  estimated: z.boolean(),
})
export type Usage = z.infer<typeof usageSchema>

/** Where a persona, template or provider entry comes from. */
export const sourceSchema = z.enum(['project', 'user', 'bundled'])
