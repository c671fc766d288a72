/** Personas: the list a new discussion picks from, one read whole, a new or edited one saved. */
import { z } from 'zod'

import { personaSchema } from '../../core/personas/schema.js'
import type { Persona } from '../../core/personas/schema.js'
import { pathSchema } from './common.js'

export const personasRequests = {
  /** The folder whose project personas count; absent: the first workspace folder. */
  'personas:list': z.strictObject({ folder: pathSchema.optional() }),
  'personas:read': z.strictObject({
    alias: z.string().min(1).max(100),
    folder: pathSchema.optional(),
  }),
  /** Writes `<alias>.yaml` into the user's or the project's personas folder. */
  'personas:save': z.strictObject({
    folder: pathSchema.optional(),
    target: z.enum(['user', 'project']),
    persona: personaSchema,
  }),
}

export interface PersonaInfo {
  alias: string
  /** The name its comments are signed with: `AI-Architect`. */
  name: string
  role: string
  type: 'voting' | 'background'
  source: 'project' | 'user' | 'bundled'
}

export interface PersonaDetail {
  persona: Persona
  source: 'project' | 'user' | 'bundled'
  file: string
}

export interface PersonaSaved {
  file: string
  /** True when a file was replaced rather than created. */
  replaced: boolean
}

export interface PersonasResponses {
  'personas:list': PersonaInfo[]
  'personas:read': PersonaDetail
  'personas:save': PersonaSaved
}
