/** Comments: what a person writes into a discussion from the app, with an optional vote. */
import * as z from 'zod'

import { pathSchema, voteSchema } from './common.js'

export const commentsRequests = {
  'comments:add': z.strictObject({
    path: pathSchema,
    text: z.string().trim().min(1, { error: 'is empty; write something first' }).max(200_000),
    vote: voteSchema.nullable().optional(),
    /** The name it is signed with; absent: the configured user name. */
    author: z
      .string()
      .trim()
      .min(1, { error: 'is empty' })
      .max(100)
      .regex(/^[^\n\r:]+$/, { error: 'must be one line without ":"' })
      .optional(),
  }),
}

export const commentAddedSchema = z.object({ line: z.number(), author: z.string() })

export interface CommentsResponses {
  'comments:add': z.infer<typeof commentAddedSchema>
}
