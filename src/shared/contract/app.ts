/** The app itself: what it is and where it runs. */
import { emptyRequest } from './common.js'

export const appRequests = {
  'app:info': emptyRequest,
  /** Quits the desktop app; in browser mode the server keeps running (close the tab instead). */
  'app:quit': emptyRequest,
}

export interface AppInfo {
  name: string
  version: string
  /** `electron`: the desktop window; `browser`: served by `discussions ui --web`. */
  mode: 'electron' | 'browser'
  platform: string
  /** The name a human comment is signed with. */
  userName: string
}

export interface AppResponses {
  'app:info': AppInfo
  'app:quit': { quitting: boolean }
}
