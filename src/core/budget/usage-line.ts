/**
 * What one answer used, recorded in the discussion on one line only the engine writes: the first
 * line of the answer's block, `<!-- usage: {...} -->` (provider, model, tokens in and out, whether
 * they were reported or estimated, cost or null for unknown, and why the answer stopped early when
 * it did). Outside text can never hold it: every writer escapes a line that reads as a record
 * (`src/core/format/escape.ts`), so a reader that finds it unescaped at the head of a block knows
 * the engine wrote it. With it in the file, totals can be made later, by any face.
 */
import type { Comment } from '../format/model.js'
import { readRecordJson, recordJson } from '../format/record-json.js'

/** Why an answer was stopped before it ended on its own. */
export type CutReason = 'budget'

export interface AnswerUsage {
  provider: string
  /** The model that answered, when the provider said; null when it did not. */
  model: string | null
  inputTokens: number
  outputTokens: number
  /** True when the counts were estimated from the text (the provider reported none). */
  estimated: boolean
  /** USD; null when unknown (no `prices` and no cost reported): never read as $0. */
  costUsd: number | null
  /** Set when the answer was cut short; what arrived is kept. */
  cut?: CutReason
}

const USAGE_LINE = /^<!-- usage: (\{.*\}) -->$/

export function usageLine(usage: AnswerUsage): string {
  return `<!-- usage: ${recordJson(usage)} -->`
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null
}

/** The usage a line records, or null when it is not a well-formed usage line. */
export function readUsageLine(line: string): AnswerUsage | null {
  const record = readRecordJson(USAGE_LINE, line)
  if (!record) return null
  const inputTokens = count(record.inputTokens)
  const outputTokens = count(record.outputTokens)
  if (typeof record.provider !== 'string' || inputTokens === null || outputTokens === null)
    return null
  const cost = record.costUsd
  return {
    provider: record.provider,
    model: typeof record.model === 'string' ? record.model : null,
    inputTokens,
    outputTokens,
    estimated: record.estimated === true,
    costUsd: typeof cost === 'number' && Number.isFinite(cost) && cost >= 0 ? cost : null,
    ...(record.cut === 'budget' ? { cut: 'budget' as const } : {}),
  }
}

/**
 * The usage recorded at the head of a comment's block (null when it holds none), and the body
 * without that line, as readers show it.
 */
export function splitUsage(comment: Pick<Comment, 'body'>): {
  usage: AnswerUsage | null
  body: string
} {
  const end = comment.body.indexOf('\n')
  const usage = readUsageLine(end === -1 ? comment.body : comment.body.slice(0, end))
  if (!usage) return { usage: null, body: comment.body }
  return { usage, body: end === -1 ? '' : comment.body.slice(end + 1).replace(/^\n+/, '') }
}
