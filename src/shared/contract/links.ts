/** Opening a link found in a comment: only https and mailto, only after the person confirms. */
import * as z from 'zod'

export const linksRequests = {
  'links:open': z.strictObject({ url: z.string().min(1).max(2048) }),
}

export const linkOpenResultSchema = z.object({
  /**
   * `opened`: the system browser or mail client has it; `cancelled`: the person said no;
   * `open-in-browser`: browser mode, where the page itself asks and opens it in a new tab.
   */
  outcome: z.enum(['opened', 'cancelled', 'open-in-browser']),
  /** The checked, normalized URL. */
  url: z.string(),
})
export type LinkOpenResult = z.infer<typeof linkOpenResultSchema>

export interface LinksResponses {
  'links:open': LinkOpenResult
}
