/**
 * A persona: an AI participant with a point of view, as in the seed's participant YAML.
 * One persona a file (`personas/architect.yaml`), or many in the seed's `participants.yaml`
 * (`participants: [...]`).
 */
import * as z from 'zod'

import { describeValue } from '../config/issues.js'
import { strictObject } from '../config/strict-object.js'
import { isHumanName } from '../voting/consensus.js'

export const PERSONA_TYPES = ['voting', 'background'] as const

/** How a persona is @mentioned: `@architect`. */
export const ALIAS_PATTERN = /^[a-z][a-z0-9_-]*$/

export const aliasSchema = z.string().regex(ALIAS_PATTERN, {
  error: 'must start with a lowercase letter and hold only lowercase letters, digits, "-" and "_"',
})

/** A list that may also be left empty in YAML (`expertise:` with nothing after it). */
const list = z
  .array(z.string().min(1))
  .nullish()
  .transform((items) => items ?? [])

export const personaSchema = strictObject({
  /**
   * The name its comments are signed with (`Name: AI-Architect`). It must read as an AI's name,
   * or consensus would count the persona's READY as the human approval `human_required` asks for.
   */
  name: z
    .string()
    .min(1)
    .refine((name) => !isHumanName(name), {
      error: (issue) =>
        `must start with "AI-" (or "ai_", "bot-", "bot_") so its votes count as an AI's (got ${describeValue(issue.input)})`,
    }),
  alias: aliasSchema,
  /** A few words: `Systems Architect`. */
  role: z.string().min(1),
  /** The system prompt: perspective, behaviour and answer format. */
  personality: z.string().min(1),
  expertise: list,
  /** Questions this persona keeps asking. */
  concerns: list,
  /** `voting` personas vote READY / CHANGES / REJECT; `background` ones only comment. */
  type: z.enum(PERSONA_TYPES).default('voting'),
  /** The provider this persona prefers (`claude-sonnet`); null: the configured default. */
  provider_hint: z.string().min(1).nullable().default(null),
  /**
   * An external participant program (the SmartTools participant protocol) instead of a prompt
   * built here: `discussion-architect`, or `[program, arg, ...]`.
   */
  command: z
    .union([z.string().min(1), z.array(z.string().min(1)).min(1)], {
      error: 'must be a program name, or a list of the program and its arguments',
    })
    .optional(),
})

export type Persona = z.output<typeof personaSchema>
export type PersonaInput = z.input<typeof personaSchema>

/** The seed's single-file registry: `participants.yaml` with `participants: [...]`. */
export const participantsFileSchema = strictObject({
  participants: z.array(personaSchema),
})

/**
 * The outline of `participants.yaml`, checked before its entries: each entry is then checked on
 * its own, so one bad persona hides no other.
 */
export const participantsListOutlineSchema = z.strictObject({ participants: z.array(z.unknown()) })
