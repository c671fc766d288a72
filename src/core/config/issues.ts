/**
 * Zod issues in words a person can act on: `type: must be "voting" or "background" (got "voter")`.
 * Zod's own messages ("Invalid input: expected string, received number") speak to programmers;
 * the people reading ours are editing a YAML file. Pure: the node layer adds the file and line.
 */
import type { z } from 'zod'

import { didYouMean } from './did-you-mean.js'

export type IssuePath = (string | number)[]

/** One problem in a value read from a file. */
export interface ConfigIssue {
  /**
   * Where the problem is: the offending value; for an unknown key, that key; for a missing field,
   * the field (which is absent, so a locator falls back to the mapping that should hold it).
   */
  path: IssuePath
  /** The problem in words, led by its path: `phases.review.next_phase: unknown phase "dne" (...)`. */
  message: string
}

export type Validation<T> = { success: true; data: T } | { success: false; issues: ConfigIssue[] }

type Issue = z.core.$ZodIssue

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  object: 'a mapping (key: value)',
  record: 'a mapping (key: value)',
  null: 'empty',
}

/** A value as a person would recognise it from their file. */
export function describeValue(value: unknown): string {
  if (value === null) return 'an empty value'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a mapping'
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value)
  }
  return typeof value
}

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"`. */
export function quoteList(values: readonly unknown[], conjunction = 'or'): string {
  const quoted = values.map((value) => JSON.stringify(value))
  if (quoted.length <= 1) return quoted.join('')
  return `${quoted.slice(0, -1).join(', ')} ${conjunction} ${quoted.at(-1)}`
}

/**
 * The messages our schemas fall back on. A schema's own `error` (an unknown key with its
 * suggestion, the alias pattern) wins over these; the value itself is added by `formatIssue`.
 */
export const friendlyErrors: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'missing required field'
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`
    case 'invalid_value':
      return `must be ${quoteList(issue.values)}`
    case 'too_small':
      return sizeMessage('at least', issue.origin, Number(issue.minimum), issue.inclusive !== false)
    case 'too_big':
      return sizeMessage('at most', issue.origin, Number(issue.maximum), issue.inclusive !== false)
    case 'invalid_format':
      return issue.format === 'regex' ? `must match ${issue.pattern}` : `must be a ${issue.format}`
    case 'unrecognized_keys':
      return `unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${quoteList(issue.keys, 'and')}`
    case 'invalid_union':
      return 'is not in any of the accepted forms'
    case 'invalid_key':
      return issue.issues[0]?.message ?? 'is not an accepted key'
    default:
      return undefined
  }
}

function sizeMessage(bound: string, origin: string, size: number, inclusive: boolean): string {
  if (origin === 'string') {
    if (bound === 'at least' && size === 1) return 'must not be empty'
    return `must be ${bound} ${size} characters long`
  }
  if (origin === 'array') {
    if (bound === 'at least' && size === 1) return 'must list at least one item'
    return `must list ${bound} ${size} items`
  }
  if (inclusive) return `must be ${bound} ${size}`
  return `must be ${bound === 'at least' ? 'more' : 'less'} than ${size}`
}

/** `phases.review.next_phase`, `participants[2].alias`; empty at the top level. */
export function pathLabel(path: readonly PropertyKey[]): string {
  let label = ''
  for (const segment of path) {
    if (typeof segment === 'number') label += `[${segment}]`
    else label += label === '' ? String(segment) : `.${String(segment)}`
  }
  return label
}

const SHOWS_VALUE = new Set(['invalid_type', 'invalid_value', 'invalid_union', 'invalid_format'])

/**
 * One issue as one line: `type: must be "voting" or "background" (got "voter")`,
 * `missing required field "role"`, `phases.review: unknown key "goall" (did you mean "goal"?)`.
 * Expects issues parsed with `friendlyErrors` and `reportInput` (as `validateWith` does).
 */
export function formatIssue(issue: Issue): string {
  const at = (path: readonly PropertyKey[], text: string): string =>
    path.length === 0 ? text : `${pathLabel(path)}: ${text}`
  if (isMissing(issue)) {
    const field = String(issue.path.at(-1))
    return at(issue.path.slice(0, -1), `missing required field "${field}"`)
  }
  if (issue.code === 'invalid_key') {
    return at(issue.path.slice(0, -1), `key ${describeValue(issue.path.at(-1))} ${issue.message}`)
  }
  const numeric =
    (issue.code === 'too_small' || issue.code === 'too_big') &&
    ['number', 'int', 'bigint'].includes(issue.origin)
  const shown = (SHOWS_VALUE.has(issue.code) || numeric) && 'input' in issue
  const got = shown ? ` (got ${describeValue(issue.input)})` : ''
  if (issue.path.length === 0 && issue.code === 'invalid_type') {
    return `the file must hold ${TYPE_WORDS[issue.expected] ?? issue.expected} at the top level${got}`
  }
  return at(issue.path, `${issue.message}${got}`)
}

/**
 * A union fails as a whole ("not in any of the accepted forms") even when the input plainly meant
 * one of its forms and only a detail inside is wrong. When exactly one form accepted the input's
 * type, its own issues are the useful ones.
 */
export function expandUnionIssues(issues: readonly Issue[]): Issue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue]
    const plausible = issue.errors.filter(
      (branch) => !branch.some((inner) => inner.path.length === 0 && inner.code === 'invalid_type'),
    )
    const [only] = plausible
    if (plausible.length !== 1 || only === undefined) return [issue]
    return expandUnionIssues(
      only.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })),
    )
  })
}

const isMissing = (issue: Issue): boolean =>
  (issue.code === 'invalid_type' || issue.code === 'invalid_union') &&
  issue.input === undefined &&
  issue.path.length > 0

/**
 * `personalty: ...` makes two issues: an unknown key and a missing `personality`. The first
 * already says "did you mean "personality"?", so the second would only send the reader to the
 * wrong line.
 */
function withoutMisspeltFields(issues: Issue[]): Issue[] {
  const misspelt = new Set<string>()
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue
    for (const other of issues) {
      if (!isMissing(other) || other.path.length !== issue.path.length + 1) continue
      if (!issue.path.every((segment, index) => other.path[index] === segment)) continue
      const field = String(other.path.at(-1))
      if (issue.keys.some((key) => didYouMean(key, [field]) === field)) {
        misspelt.add(JSON.stringify(other.path.map(String)))
      }
    }
  }
  return issues.filter(
    (issue) => !(isMissing(issue) && misspelt.has(JSON.stringify(issue.path.map(String)))),
  )
}

function toPath(path: readonly PropertyKey[]): IssuePath {
  return path.map((segment) => (typeof segment === 'number' ? segment : String(segment)))
}

/**
 * How a configuration file's values are parsed: worded errors, the input kept for the messages,
 * and interpreted. Unless a parse says `jitless`, zod compiles a parser for each object schema
 * (with `new Function`) the first time it parses with it. A command parses each schema a few
 * times and ends, and code compiled that way is in no compile cache (Node's keeps only module
 * code), so compiling cost more than it saved. (zod's global `jitless` setting only reaches schemas made
 * after it is set, and ours are made when their modules load.)
 */
export const PARSE_OPTIONS = { error: friendlyErrors, reportInput: true, jitless: true } as const

/**
 * Validates `value`, turning every failure into a human-worded `ConfigIssue`. `at` is where the
 * value sits in its file (`['participants', 2]`), so paths and messages name the whole way there.
 */
export function validateWith<T>(
  schema: z.ZodType<T>,
  value: unknown,
  at: IssuePath = [],
): Validation<T> {
  const result = schema.safeParse(value, PARSE_OPTIONS)
  if (result.success) return { success: true, data: result.data }
  const issues = withoutMisspeltFields(expandUnionIssues(result.error.issues)).map((issue) => {
    const placed = { ...issue, path: [...at, ...issue.path] }
    const path = toPath(placed.path)
    // An unknown key is found at the key itself, not at the mapping holding it.
    const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined
    return { path: key === undefined ? path : [...path, key], message: formatIssue(placed) }
  })
  return { success: false, issues }
}
