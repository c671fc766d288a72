/** The app itself: what it is and where it runs. */
import * as z from 'zod'

import { emptyRequest } from './common.js'

export const appRequests = {
  'app:info': emptyRequest,
  /** Quits the desktop app; in browser mode the server keeps running (close the tab instead). */
  'app:quit': emptyRequest,
}

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** `electron`: the desktop window; `browser`: served by `discussions ui --web`. */
  mode: z.enum(['electron', 'browser']),
  platform: z.string(),
  /** The name a human comment is signed with. */
  userName: z.string(),
})
export type AppInfo = z.infer<typeof appInfoSchema>

export const appQuitSchema = z.object({ quitting: z.boolean() })

export interface AppResponses {
  'app:info': AppInfo
  'app:quit': z.infer<typeof appQuitSchema>
}
