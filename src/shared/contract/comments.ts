/** Comments: what a person writes into a discussion from the app, with an optional vote. */
import { z } from 'zod'

import { VOTE_VALUES } from '../../core/format/model.js'
import { pathSchema } from './common.js'

export const commentsRequests = {
  'comments:add': z.strictObject({
    path: pathSchema,
    text: z.string().trim().min(1, { error: 'is empty; write something first' }).max(200_000),
    vote: z.enum(VOTE_VALUES).nullable().optional(),
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

export interface CommentsResponses {
  'comments:add': { line: number; author: string }
}
