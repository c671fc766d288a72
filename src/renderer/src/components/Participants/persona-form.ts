/**
 * The persona form's values and their live check against the same zod schema the backend and the
 * loader use, so what the form accepts is exactly what a persona file may hold.
 */
import '../../lib/zod-jitless.js'

import { personaSchema } from '@core/personas/schema.js'
import type { Persona, PersonaInput } from '@core/personas/schema.js'

export interface PersonaFormValues {
  name: string
  alias: string
  role: string
  personality: string
  expertise: string[]
  /** One concern a line. */
  concerns: string
  type: 'voting' | 'background'
  /** Empty: the configured default. */
  provider_hint: string
  /** Kept as it was: an external program is not edited here. */
  command?: Persona['command']
}

export const BLANK_PERSONA: PersonaFormValues = {
  name: 'AI-',
  alias: '',
  role: '',
  personality: '',
  expertise: [],
  concerns: '',
  type: 'voting',
  provider_hint: '',
}

export function formValues(persona: Persona): PersonaFormValues {
  return {
    name: persona.name,
    alias: persona.alias,
    role: persona.role,
    personality: persona.personality,
    expertise: [...persona.expertise],
    concerns: persona.concerns.join('\n'),
    type: persona.type,
    provider_hint: persona.provider_hint ?? '',
    ...(persona.command !== undefined ? { command: persona.command } : {}),
  }
}

export function personaInput(values: PersonaFormValues): PersonaInput {
  return {
    name: values.name.trim(),
    alias: values.alias.trim(),
    role: values.role.trim(),
    personality: values.personality,
    expertise: values.expertise,
    concerns: values.concerns
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    type: values.type,
    provider_hint: values.provider_hint.trim() === '' ? null : values.provider_hint.trim(),
    ...(values.command !== undefined ? { command: values.command } : {}),
  }
}

/** The first problem of each field, by field name; empty when the persona is valid. */
export function personaErrors(values: PersonaFormValues): Partial<Record<string, string>> {
  const checked = personaSchema.safeParse(personaInput(values))
  if (checked.success) return {}
  const errors: Partial<Record<string, string>> = {}
  for (const issue of checked.error.issues) {
    const field = String(issue.path[0] ?? 'form')
    errors[field] ??= issue.message
  }
  return errors
}
