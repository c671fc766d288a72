/** Templates: what a new discussion can be made of, with its phases. */
import { z } from 'zod'

import { pathSchema } from './common.js'

export const templatesRequests = {
  /** The folder whose project templates count; absent: the first workspace folder. */
  'templates:list': z.strictObject({ folder: pathSchema.optional() }),
}

export interface PhaseInfo {
  id: string
  title: string
  goal: string | null
  voting: boolean
}

export interface TemplateInfo {
  name: string
  title: string | null
  description: string | null
  phases: PhaseInfo[]
  /** The participants a new discussion from it starts with (aliases). */
  participants: string[]
  source: 'project' | 'user' | 'bundled'
}

export interface TemplatesResponses {
  'templates:list': TemplateInfo[]
}
