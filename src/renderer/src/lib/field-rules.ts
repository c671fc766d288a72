/**
 * One rule for what a person types into a form: a field left empty or holding only spaces gets
 * the same message under it (never the browser's own bubble), and a field over its limit says
 * by how much, in words. The limits are the contract's own, read from its schemas, so the form
 * and the backend can never disagree.
 */
import type * as z from 'zod'

export interface FieldRule {
  /** What the field is called in a sentence: "title", "question". */
  name: string
  /** The most characters the contract takes; null: no limit. */
  max: number | null
  /** Whether an empty (or all-blank) value is refused. */
  required: boolean
}

interface MaybeLimited {
  maxLength?: number | null
  /** An optional field's inner schema. */
  unwrap?: () => unknown
}

/** A string schema's maximum length (the contract's `.max(n)`), or null when it sets none. */
export function limitOf(schema: z.ZodType): number | null {
  const field = schema as MaybeLimited
  const inner = (typeof field.unwrap === 'function' ? field.unwrap() : field) as MaybeLimited
  const max = inner.maxLength
  return typeof max === 'number' && Number.isFinite(max) ? max : null
}

const count = (n: number): string => n.toLocaleString('en-US')

/** The message under the field, or null when the value is acceptable. */
export function fieldProblem(value: string, rule: FieldRule): string | null {
  if (rule.required && value.trim() === '')
    return `The ${rule.name} is empty. Type a few words; spaces alone do not count.`
  if (rule.max !== null && value.length > rule.max)
    return `The ${rule.name} is ${count(value.length)} characters; the limit is ${count(rule.max)}. Shorten it by ${count(value.length - rule.max)}.`
  return null
}

/** The counter beside a limited field: "12 / 200". */
export function counterText(value: string, max: number): string {
  return `${count(value.length)} / ${count(max)}`
}
