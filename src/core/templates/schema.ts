/**
 * A template: the phases a discussion goes through, and the skeleton a new discussion starts
 * from. Two YAML spellings are read, both from the seeds, and normalized into one `Template`:
 *
 * - the map form (seed 002): `phases: {initial_feedback: {goal, voting, next_phase, ...}}`
 * - the list form (seed 001): `phases: [{id, title, voting_mode, auto_trigger, next}]`
 *
 * Phases keep the file's order and the first one is where a discussion starts. A phase without
 * `next_phase` leads to the one written after it; `next_phase: null` ends the discussion there.
 */
import * as z from 'zod'

import { strictObject } from '../config/strict-object.js'

export const AUTO_TRIGGERS = ['all_mentioned_responded', 'consensus'] as const
/** When a phase advances by itself: everyone @mentioned answered, or the vote reached consensus. */
export type AutoTrigger = (typeof AUTO_TRIGGERS)[number]

/** Phase ids appear in `<!-- Phase: id -->` and `PHASE-TRANSITION: a -> b` markers. */
const PHASE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/
const phaseId = z.string().regex(PHASE_ID, {
  error: 'must be letters, digits, "_", "-" or "." (no spaces)',
})

const text = z.string()
const name = z.string().min(1)
const names = z.array(name)

/** The fields a phase may have in either form; the list form adds `id`. */
const phaseFields = {
  title: text.optional(),
  /** One line: what this phase is for. */
  goal: text.nullish(),
  /** What participants should do in this phase; goes into their prompt. */
  instructions: text.nullish(),
  /** Whether votes are collected (`voting_mode` in the list form). */
  voting: z.boolean().optional(),
  voting_mode: z.boolean().optional(),
  /** Who takes part in this phase (aliases); absent or empty: the discussion's participants. */
  participants: names.nullish(),
  auto_trigger: z.enum(AUTO_TRIGGERS).nullish(),
  /** The phase that follows (`next` in the list form); null: the last phase. */
  next_phase: phaseId.nullish(),
  next: phaseId.nullish(),
  /** The status the discussion takes when the phase's vote reaches consensus. */
  on_consensus: name.nullish(),
  /** The status the discussion takes when the phase's vote is blocked. */
  on_block: name.nullish(),
}

const phaseMapEntrySchema = strictObject(phaseFields)
const phaseListEntrySchema = strictObject({ id: phaseId, ...phaseFields })

type RawPhase = z.output<typeof phaseMapEntrySchema>

const phasesSchema = z.union(
  [z.array(phaseListEntrySchema), z.record(phaseId, phaseMapEntrySchema)],
  {
    error:
      'must be a mapping of phase id to phase (`review: {title: ...}`) or a list of phases each with an id',
  },
)

const rawTemplateSchema = strictObject({
  /** How the template is named in `<!-- Template: feature -->` and on the command line. */
  name: name,
  title: text.optional(),
  description: text.optional(),
  /** Other names it is found by: `architecture-decision` for `adr`. */
  aliases: names.optional(),
  /** The status a new discussion starts with. */
  status: name.default('OPEN'),
  /** The participants a new discussion starts with (aliases); absent: the configured default. */
  participants: names.nullish(),
  phases: phasesSchema,
  /** The markdown a new discussion starts from; `{title}` and friends are filled in. */
  skeleton: text.nullish(),
})

type RawTemplate = z.output<typeof rawTemplateSchema>

export interface TemplatePhase {
  id: string
  /** Defaults to the id in words: `initial_feedback` -> `Initial feedback`. */
  title: string
  goal: string | null
  instructions: string | null
  voting: boolean
  /** Who takes part (aliases); empty: the discussion's participants. */
  participants: string[]
  auto_trigger: AutoTrigger | null
  /** The phase that follows; null: the last phase. */
  next_phase: string | null
  /** The status the discussion takes on consensus in this phase; null: unchanged. */
  on_consensus: string | null
  /** The status the discussion takes when this phase's vote is blocked; null: unchanged. */
  on_block: string | null
}

export interface Template {
  name: string
  title: string | null
  description: string | null
  aliases: string[]
  status: string
  /** The participants a new discussion starts with (aliases); empty: the configured default. */
  participants: string[]
  /** In order; the first is where a discussion starts. Never empty. */
  phases: TemplatePhase[]
  skeleton: string | null
}

/** The phases as written, with the path of each in the file (for error messages). */
function entries(raw: RawTemplate): { id: string; phase: RawPhase; path: (string | number)[] }[] {
  if (Array.isArray(raw.phases)) {
    return raw.phases.map((phase, index) => ({ id: phase.id, phase, path: ['phases', index] }))
  }
  return Object.entries(raw.phases).map(([id, phase]) => ({ id, phase, path: ['phases', id] }))
}

function checkPhases(raw: RawTemplate, ctx: z.RefinementCtx): void {
  const phases = entries(raw)
  if (phases.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['phases'], message: 'must define at least one phase' })
    return
  }
  const seen = new Map<string, string>()
  for (const { id, path } of phases) {
    const earlier = seen.get(id.toLowerCase())
    if (earlier !== undefined) {
      const same = earlier === id ? `"${id}"` : `"${id}" (as "${earlier}")`
      const where = typeof path[1] === 'number' ? [...path, 'id'] : path
      ctx.addIssue({ code: 'custom', path: where, message: `phase id ${same} is used twice` })
    }
    seen.set(id.toLowerCase(), id)
  }
  const ids = phases.map((entry) => entry.id)
  for (const { id, phase, path } of phases) {
    if (phase.voting !== undefined && phase.voting_mode !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'voting_mode'],
        message: 'give "voting" or "voting_mode", not both',
      })
    }
    if (phase.next_phase !== undefined && phase.next !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'next'],
        message: 'give "next_phase" or "next", not both',
      })
    }
    const key = phase.next !== undefined ? 'next' : 'next_phase'
    const next = phase.next ?? phase.next_phase
    if (typeof next === 'string' && !ids.includes(next)) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, key],
        message: `unknown phase "${next}" (phases: ${ids.join(', ')})`,
      })
    }
    if (next === id) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, key],
        message: 'a phase cannot lead to itself',
      })
    }
  }
}

/** `initial_feedback` -> `Initial feedback`. */
export function phaseTitleFromId(id: string): string {
  const words = id.replace(/[_-]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function normalize(raw: RawTemplate): Template {
  const phases = entries(raw)
  return {
    name: raw.name,
    title: raw.title ?? null,
    description: raw.description ?? null,
    aliases: raw.aliases ?? [],
    status: raw.status,
    participants: raw.participants ?? [],
    phases: phases.map(({ id, phase }, index) => {
      const written = phase.next !== undefined ? phase.next : phase.next_phase
      return {
        id,
        title: phase.title ?? phaseTitleFromId(id),
        goal: phase.goal ?? null,
        instructions: phase.instructions ?? null,
        voting: phase.voting ?? phase.voting_mode ?? false,
        participants: phase.participants ?? [],
        auto_trigger: phase.auto_trigger ?? null,
        next_phase: written === undefined ? (phases[index + 1]?.id ?? null) : written,
        on_consensus: phase.on_consensus ?? null,
        on_block: phase.on_block ?? null,
      }
    }),
    skeleton: raw.skeleton ?? null,
  }
}

export const templateSchema: z.ZodType<
  Template,
  z.input<typeof rawTemplateSchema>
> = rawTemplateSchema.superRefine(checkPhases).transform(normalize)
