/**
 * A call the budget could not cover, recorded in the discussion: a block signed by the persona
 * whose call was not started, whose first line is `<!-- skipped: {...} -->` (the provider it would
 * have asked and why it was not), followed by a line a reader sees. Only the engine writes it, as
 * it writes the usage line: every writer escapes a line of outside text that reads as a record
 * (`src/core/format/escape.ts`), so one found unescaped at the head of a block is the engine's.
 */
import type { Comment } from '../format/model.js'
import { composeBody } from '../format/comment-body.js'
import type { CommentBody } from '../format/comment-body.js'
import { readRecordJson, recordJson } from '../format/record-json.js'

export interface SkippedCall {
  /** The provider the call would have started with. */
  provider: string
  /** Why it was not started: `budget: its worst case of … is more than the … left …`. */
  reason: string
}

const SKIPPED_LINE = /^<!-- skipped: (\{.*\}) -->$/

export function skippedLine(call: SkippedCall): string {
  return `<!-- skipped: ${recordJson(call)} -->`
}

/** The block of a skipped call: the record, then the same reason where a reader sees it. */
export function skippedBody(call: SkippedCall): CommentBody {
  // The reason is the engine's own sentence, kept to one line.
  const shown = call.reason.replace(/\s+/g, ' ')
  return composeBody([{ engine: skippedLine(call) }, { engine: `_(not asked: ${shown})_` }])
}

/** The call a line records, or null when it is not a well-formed skipped line. */
export function readSkippedLine(line: string): SkippedCall | null {
  const record = readRecordJson(SKIPPED_LINE, line)
  if (!record) return null
  if (typeof record.provider !== 'string' || typeof record.reason !== 'string') return null
  return { provider: record.provider, reason: record.reason }
}

/**
 * The skipped call recorded at the head of a comment's block (null when it holds none), and the
 * body without that line, as readers show it.
 */
export function splitSkipped(comment: Pick<Comment, 'body'>): {
  skipped: SkippedCall | null
  body: string
} {
  const end = comment.body.indexOf('\n')
  const skipped = readSkippedLine(end === -1 ? comment.body : comment.body.slice(0, end))
  if (!skipped) return { skipped: null, body: comment.body }
  return { skipped, body: end === -1 ? '' : comment.body.slice(end + 1).replace(/^\n+/, '') }
}
