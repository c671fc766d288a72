/** The inputs and outputs several tools share. */
import * as z from 'zod'

export const pathInput = z
  .string()
  .min(1)
  .describe('The discussion file, relative to the served folder')

export const voteSchema = z.enum(['READY', 'CHANGES', 'REJECT'])

export const tallySchema = z.object({ READY: z.number(), CHANGES: z.number(), REJECT: z.number() })

/** A participant's latest vote in the current phase, with the first sentence of its comment. */
export const castVoteSchema = z.object({
  name: z.string(),
  vote: voteSchema.nullable(),
  reason: z.string(),
})
