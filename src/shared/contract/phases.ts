/** Phases: moving a discussion to the template's next phase, or to a named one. */
import * as z from 'zod'

import { pathSchema } from './common.js'

export const phasesRequests = {
  /** To the template's next phase, or to `to`. */
  'phases:advance': z.strictObject({ path: pathSchema, to: z.string().min(1).max(100).optional() }),
}

export const phaseAdvancedSchema = z.object({ from: z.string(), to: z.string() })

export interface PhasesResponses {
  'phases:advance': z.infer<typeof phaseAdvancedSchema>
}
