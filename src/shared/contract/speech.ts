/** Speech: reading a comment aloud with the desktop's speech program. */
import * as z from 'zod'

import { emptyRequest } from './common.js'

export const speechRequests = {
  'speech:status': emptyRequest,
  'speech:say': z.strictObject({ text: z.string().min(1).max(100_000) }),
  'speech:stop': emptyRequest,
}

export const speechStatusSchema = z.object({
  /** The program the desktop app reads aloud with; null in browser mode or when none exists. */
  program: z.string().nullable(),
  /** What to install when nothing can speak. */
  hint: z.string(),
})
export type SpeechStatus = z.infer<typeof speechStatusSchema>

export const speechStoppedSchema = z.object({ stopped: z.boolean() })

/** A reading that ended: stopped by the person, or why nothing was heard (null when it was). */
export const speechSaidSchema = speechStoppedSchema.extend({ failure: z.string().nullable() })

export interface SpeechResponses {
  'speech:status': SpeechStatus
  'speech:say': z.infer<typeof speechSaidSchema>
  'speech:stop': z.infer<typeof speechStoppedSchema>
}
