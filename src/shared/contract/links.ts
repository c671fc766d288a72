/** Opening a link found in a comment: only https and mailto, only after the person confirms. */
import { z } from 'zod'

export const linksRequests = {
  'links:open': z.strictObject({ url: z.string().min(1).max(2048) }),
}

export interface LinkOpenResult {
  /**
   * `opened`: the system browser or mail client has it; `cancelled`: the person said no;
   * `open-in-browser`: browser mode, where the page itself asks and opens it in a new tab.
   */
  outcome: 'opened' | 'cancelled' | 'open-in-browser'
  /** The checked, normalized URL. */
  url: string
}

export interface LinksResponses {
  'links:open': LinkOpenResult
}
