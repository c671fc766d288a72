/** Speech: reading a comment aloud with the desktop's speech program. */
import { z } from 'zod'

import { emptyRequest } from './common.js'

export const speechRequests = {
  'speech:status': emptyRequest,
  'speech:say': z.strictObject({ text: z.string().min(1).max(100_000) }),
  'speech:stop': emptyRequest,
}

export interface SpeechStatus {
  /** The program the desktop app reads aloud with; null in browser mode or when none exists. */
  program: string | null
  /** What to install when nothing can speak. */
  hint: string
}

export interface SpeechResponses {
  'speech:status': SpeechStatus
  'speech:say': { stopped: boolean }
  'speech:stop': { stopped: boolean }
}
