/** Personas: the list a new discussion picks from, one read whole, a new or edited one saved. */
import * as z from 'zod'

import { pathSchema, sourceSchema } from './common.js'

const text = (max: number) => z.string().min(1).max(max)
/** A list YAML may leave empty (`expertise:` with nothing after it). */
const list = (max: number) =>
  z
    .array(text(max))
    .max(100)
    .nullish()
    .transform((items) => items ?? [])

/**
 * A persona as the wire carries it, field for field as its YAML file holds it (hence
 * `provider_hint`). This checks the shape and sizes; the persona rules themselves (an AI's name,
 * the alias pattern) are the domain's and are checked by the backend before anything is written.
 */
export const personaWireSchema = z.strictObject({
  name: text(100),
  alias: text(64),
  role: text(200),
  personality: text(100_000),
  expertise: list(500),
  concerns: list(2_000),
  type: z.enum(['voting', 'background']).default('voting'),
  provider_hint: text(100).nullable().default(null),
  /** An external participant program; shown, never written by the app. */
  command: z.union([text(1_000), z.array(text(1_000)).min(1).max(100)]).optional(),
})
export type PersonaWire = z.output<typeof personaWireSchema>

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
    persona: personaWireSchema,
  }),
  /** Deletes a user's or project's persona file; a bundled persona is refused. */
  'personas:delete': z.strictObject({
    alias: z.string().min(1).max(100),
    folder: pathSchema.optional(),
  }),
}

export const personaInfoSchema = z.object({
  alias: z.string(),
  /** The name its comments are signed with: `AI-Architect`. */
  name: z.string(),
  role: z.string(),
  type: z.enum(['voting', 'background']),
  source: sourceSchema,
})
export type PersonaInfo = z.infer<typeof personaInfoSchema>

export const personaDetailSchema = z.object({
  persona: personaWireSchema,
  source: sourceSchema,
  file: z.string(),
})
export type PersonaDetail = z.output<typeof personaDetailSchema>

export const personaSavedSchema = z.object({
  file: z.string(),
  /** True when a file was replaced rather than created. */
  replaced: z.boolean(),
})
export type PersonaSaved = z.infer<typeof personaSavedSchema>

export interface PersonasResponses {
  'personas:list': PersonaInfo[]
  'personas:read': PersonaDetail
  'personas:save': PersonaSaved
  'personas:delete': { file: string }
}
