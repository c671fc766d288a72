/**
 * The `budget:` settings of discussions.yaml: caps on what a run and a discussion may spend, when
 * to warn, and the answer length assumed where a provider sets no `max_tokens`. A project's file
 * can only make them stricter than the user's (`tightenBudget`): a cloned repository must not be
 * able to lift the cap a person set for themselves.
 */
import * as z from 'zod'

import { strictObject } from '../config/strict-object.js'

const dollars = z.number().positive({ error: 'must be a positive amount in USD, such as 0.50' })
const tokens = z.int().positive({ error: 'must be a whole number of tokens, such as 4096' })

export const budgetSettingsSchema = strictObject({
  /** USD one turn, council or debate run may spend; null: no cap. */
  max_cost_per_run: dollars.nullable().default(null),
  /** USD a discussion may have spent in all, this run included; null: no cap. */
  max_cost_per_discussion: dollars.nullable().default(null),
  /** The fraction of a cap at which a warning is shown. */
  warn_at: z
    .number()
    .min(0, { error: 'must be a fraction between 0 and 1, such as 0.8' })
    .max(1, { error: 'must be a fraction between 0 and 1, such as 0.8' })
    .default(0.8),
  /** The answer's ceiling in tokens where a provider sets no `max_tokens`. */
  assumed_answer_tokens: tokens.default(4096),
  /**
   * The answer length an estimate expects where the discussion has no answers recorded yet (with
   * some, their mean is used).
   */
  expected_answer_tokens: tokens.default(500),
})

export type BudgetSettings = z.output<typeof budgetSettingsSchema>

type Raw = Record<string, unknown>

const LOWER_WINS = ['max_cost_per_run', 'max_cost_per_discussion', 'warn_at'] as const
const HIGHER_WINS = ['assumed_answer_tokens'] as const

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

/**
 * The project's raw `budget:` settings, kept only where they are stricter than the user's: a
 * lower cap or warning (a cap where the user set none is lower), a larger assumed answer. A value
 * that loosens is dropped, so the user's stands.
 */
export function tightenBudget(user: unknown, project: unknown): unknown {
  if (!project || typeof project !== 'object' || Array.isArray(project)) return project
  const mine = user && typeof user === 'object' && !Array.isArray(user) ? (user as Raw) : {}
  const kept: Raw = {}
  for (const [key, value] of Object.entries(project as Raw)) {
    const below = mine[key]
    const stricter = (LOWER_WINS as readonly string[]).includes(key)
      ? !isNumber(below) || (isNumber(value) && value <= below)
      : (HIGHER_WINS as readonly string[]).includes(key)
        ? !isNumber(below) || (isNumber(value) && value >= below)
        : true
    if (stricter) kept[key] = value
  }
  return kept
}
