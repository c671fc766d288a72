/** Exports: a discussion's decision as an ADR in the project, or the discussion as one HTML page. */
import * as z from 'zod'

import { pathSchema } from './common.js'

/** The ADR formats: MADR 4, adr-tools (Nygard), log4brains. */
export const adrFlavorSchema = z.enum(['madr', 'adr-tools', 'log4brains'])
export type AdrFlavorName = z.infer<typeof adrFlavorSchema>

export const exportsRequests = {
  /** Writes the decision as an ADR in the flavour's folder of the project. */
  'exports:adr': z.strictObject({
    path: pathSchema,
    flavor: adrFlavorSchema,
    /** Replace the record of the same title if there is one. */
    force: z.boolean().optional(),
  }),
  /** Writes the discussion as one self-contained HTML page beside it (`<name>.html`). */
  'exports:html': z.strictObject({
    path: pathSchema,
    /** Replace the page if there is one. */
    force: z.boolean().optional(),
  }),
}

/** What an export did: written, or not, because the file is there and was not to be replaced. */
export const exportWrittenSchema = z.discriminatedUnion('written', [
  z.object({
    written: z.literal(true),
    file: z.string(),
    /** What was written, in words: `madr, accepted`; `2 diagrams`. */
    detail: z.string(),
    replaced: z.boolean(),
  }),
  z.object({ written: z.literal(false), file: z.string() }),
])
export type ExportWritten = z.infer<typeof exportWrittenSchema>

export interface ExportsResponses {
  'exports:adr': ExportWritten
  'exports:html': ExportWritten
}
