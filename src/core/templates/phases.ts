/** Walking a template's phases: where a discussion starts, and what follows a phase. */
import type { Template, TemplatePhase } from './schema.js'

/** The phase a new discussion starts in: the first one written. */
export function initialPhase(template: Template): TemplatePhase {
  const [first] = template.phases
  // The schema refuses a template without phases; a hand-built one is a programming error.
  if (first === undefined) throw new Error(`Template "${template.name}" has no phases.`)
  return first
}

/**
 * The phase with this id. An exact match first; else one that differs only in case, since a
 * person may type `<!-- Phase: Detailed_Review -->` into a header by hand.
 */
export function findPhase(template: Template, id: string): TemplatePhase | undefined {
  const wanted = id.trim()
  return (
    template.phases.find((phase) => phase.id === wanted) ??
    template.phases.find((phase) => phase.id.toLowerCase() === wanted.toLowerCase())
  )
}

/** The phase after `id`; null when `id` is the last phase or the template has no such phase. */
export function nextPhase(template: Template, id: string): TemplatePhase | null {
  const next = findPhase(template, id)?.next_phase
  return next ? (findPhase(template, next) ?? null) : null
}
