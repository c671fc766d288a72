/** Templates: what a new discussion can be made of, with its phases. */
import * as z from 'zod'

import { pathSchema, sourceSchema } from './common.js'

export const templatesRequests = {
  /** The folder whose project templates count; absent: the first workspace folder. */
  'templates:list': z.strictObject({ folder: pathSchema.optional() }),
}

export const phaseInfoSchema = z.object({
  id: z.string(),
  title: z.string(),
  goal: z.string().nullable(),
  voting: z.boolean(),
})
export type PhaseInfo = z.infer<typeof phaseInfoSchema>

export const templateInfoSchema = z.object({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  phases: z.array(phaseInfoSchema),
  /** The participants a new discussion from it starts with (aliases). */
  participants: z.array(z.string()),
  source: sourceSchema,
})
export type TemplateInfo = z.infer<typeof templateInfoSchema>

export interface TemplatesResponses {
  'templates:list': TemplateInfo[]
}
