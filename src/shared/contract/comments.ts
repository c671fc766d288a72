/** Writing into a discussion by hand: a comment (with an optional vote) and a phase change. */
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
  /** To the template's next phase, or to `to`. */
  'phases:advance': z.strictObject({ path: pathSchema, to: z.string().min(1).max(100).optional() }),
}

export interface CommentsResponses {
  'comments:add': { line: number; author: string }
  'phases:advance': { from: string; to: string }
}

/** Pushed when answers the app had appended vanished from a file and were appended again. */
export interface DiscussionRestored {
  path: string
  /** The authors of the restored comments, in file order. */
  authors: string[]
  /**
   * A phase change the older copy took away: made again (`restored`), or left as the file now
   * has it because the phase was changed since, so the person decides.
   */
  phase: { from: string; to: string; restored: boolean; current: string | null } | null
}
