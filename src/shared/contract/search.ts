/** Search: full text over the discussions of an open folder, or inside one discussion. */
import * as z from 'zod'

import { pathSchema } from './common.js'

const query = z.string().max(1000, { error: 'is too long; search for fewer words' })
const limit = z.number().int().min(1).max(1000).optional()

export const searchRequests = {
  /** The best hits over every discussion of an open folder (the list's search). */
  'search:folder': z.strictObject({ folder: pathSchema, query, limit }),
  /** The hits inside one discussion, in the order of the file (a search inside a discussion). */
  'search:discussion': z.strictObject({ path: pathSchema, query, limit }),
}

export const searchHitSchema = z.object({
  path: z.string(),
  title: z.string(),
  /** The comment's number as `parse` numbers it (from 0); null when the opening matched. */
  comment: z.number().nullable(),
  author: z.string().nullable(),
  /** The file line (1-based) of the line that matched best. */
  line: z.number(),
  /** That line, trimmed. */
  text: z.string(),
  score: z.number(),
})
export type SearchHitInfo = z.infer<typeof searchHitSchema>

export const searchResultsSchema = z.object({
  query: z.string(),
  terms: z.array(z.string()),
  hits: z.array(searchHitSchema),
  /** How many comments (and openings) matched, before the limit. */
  total: z.number(),
  /** Every discussion with a hit (not only those of the hits kept), best first. */
  matched: z.array(z.string()),
  /** How many discussions were searched. */
  searched: z.number(),
})
export type SearchResultsInfo = z.infer<typeof searchResultsSchema>

export interface SearchResponses {
  'search:folder': SearchResultsInfo
  'search:discussion': SearchResultsInfo
}
