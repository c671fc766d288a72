/** Debates: where one stands (for the debate view) and the human's decision on an escalated one. */
import { z } from 'zod'

import type { DebateSummary } from '../../core/debate/summary.js'
import type { DebateOutcome } from '../../core/debate/model.js'
import { pathSchema } from './common.js'

export type { DebateSummary } from '../../core/debate/summary.js'

export const debatesRequests = {
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

export interface DebatesResponses {
  'debates:read': DebateSummary
  'debates:decide': DebateOutcome
}
