/**
 * How a council call lives in the discussion file: an ordinary comment signed by the role's
 * persona, whose first line is a hidden `<!-- council: {...} -->` record (label, provider, tokens,
 * cost). The file alone then says which calls are done, so a killed run resumes where it stopped
 * and the totals cover every run that worked on it.
 */
import { composeBody } from '../format/comment-body.js'
import type { CommentBody } from '../format/comment-body.js'
import type { ParsedDiscussion } from '../format/model.js'
import { recordJson } from '../format/record-json.js'
import { INCOMPLETE_BLOCK_LINE } from '../format/tail.js'
import type { Text } from '../text/text.js'
import { CUT_NOTE } from '../budget/cut-short.js'
import type { CutReason } from '../budget/usage-line.js'
import type { CouncilCall } from './plan.js'

export interface CallRecord {
  label: string
  provider: string | null
  inputTokens: number
  outputTokens: number
  estimated: boolean
  costUsd: number | null
  /** How long the call took; null in a file written before calls were timed. */
  durationMs: number | null
  /** Ranking calls: which advisor each anonymous letter stood for (the ranker never sees it). */
  mapping?: Record<string, string>
  /**
   * Set when the answer was cut short (the budget ran out while it streamed): what arrived is
   * kept and its spend counted, but the call is not done, so a resumed run asks it again.
   */
  cut?: CutReason
}

export interface RecordedCall extends CallRecord {
  author: string
  /** The answer as the role gave it, without the record and heading lines. */
  answer: string
  line: number
}

const RECORD = /^<!-- council: (\{.*\}) -->$/
const HEADING = /^#### .*$/

function recordLine(record: CallRecord): string {
  return `<!-- council: ${recordJson(record)} -->`
}

export function headingFor(call: CouncilCall, rounds: number): string {
  const group = call.role.group ? ` · group ${call.role.group.toUpperCase()}` : ''
  if (call.round === null) return `#### ${call.role.title} · ${call.stage}`
  const round = rounds === 1 ? '' : `Round ${call.round} of ${rounds} · `
  return `#### ${round}${call.role.title} · ${call.stage}${group}`
}

/** The record and heading are the engine's lines; the answer is the role's, escaped. */
export function renderCallComment(
  call: CouncilCall,
  rounds: number,
  record: CallRecord,
  answer: Text,
): CommentBody {
  return composeBody([
    { engine: recordLine(record) },
    { engine: headingFor(call, rounds) },
    ...(record.cut ? [{ engine: CUT_NOTE }] : []),
    answer,
  ])
}

/** The aggregate ranking is written by the council itself (no model call). */
export function renderNoteComment(label: string, heading: string, text: Text): CommentBody {
  const record: CallRecord = {
    label,
    provider: null,
    inputTokens: 0,
    outputTokens: 0,
    estimated: false,
    costUsd: null,
    durationMs: 0,
  }
  return composeBody([{ engine: recordLine(record) }, { engine: `#### ${heading}` }, text])
}

function asRecord(json: string): CallRecord | null {
  try {
    const value = JSON.parse(json) as Partial<CallRecord> | null
    if (!value || typeof value.label !== 'string') return null
    return {
      label: value.label,
      provider: typeof value.provider === 'string' ? value.provider : null,
      inputTokens: Number(value.inputTokens) || 0,
      outputTokens: Number(value.outputTokens) || 0,
      estimated: value.estimated === true,
      costUsd: typeof value.costUsd === 'number' ? value.costUsd : null,
      durationMs:
        typeof value.durationMs === 'number' && Number.isFinite(value.durationMs)
          ? Math.max(0, value.durationMs)
          : null,
      ...(value.mapping && typeof value.mapping === 'object' ? { mapping: value.mapping } : {}),
      ...(value.cut === 'budget' ? { cut: 'budget' as const } : {}),
    }
  } catch {
    return null
  }
}

/** Lines of blocks the store later closed and marked INCOMPLETE-BLOCK (a write cut short). */
function cutShortBlocks(parsed: ParsedDiscussion): Set<number> {
  const lines = new Set<number>()
  for (const segment of parsed.segments) {
    if (segment.kind !== 'content') continue
    for (const line of segment.raw.split('\n')) {
      const match = INCOMPLETE_BLOCK_LINE.exec(line)
      const at = match?.[1] ? /line (\d+)/.exec(match[1])?.[1] : undefined
      if (at) lines.add(Number(at))
    }
  }
  return lines
}

/** Every council record in the file's closed blocks, in file order (a block cut by a kill aside). */
function allRecordedCalls(parsed: ParsedDiscussion): RecordedCall[] {
  const calls: RecordedCall[] = []
  const cutShort = cutShortBlocks(parsed)
  for (const segment of parsed.segments) {
    if (segment.kind !== 'comment') continue
    const comment = segment.comment
    // A block cut short by a kill is not an answer: resuming asks again.
    if (!comment.closed || cutShort.has(segment.line) || cutShort.has(comment.line)) continue
    const lines = comment.body.split('\n')
    const match = RECORD.exec(lines[0] ?? '')
    const record = match?.[1] ? asRecord(match[1]) : null
    if (!record) continue
    let rest = lines.slice(1)
    while (rest.length > 0 && (rest[0] ?? '').trim() === '') rest = rest.slice(1)
    if (HEADING.test(rest[0] ?? '')) rest = rest.slice(1)
    if (record.cut && rest[0] === CUT_NOTE) rest = rest.slice(1)
    calls.push({
      ...record,
      author: comment.author,
      answer: rest.join('\n').trim(),
      line: comment.line,
    })
  }
  return calls
}

/**
 * The council calls recorded in a discussion, by label. A label written twice (two runs racing
 * on one file) keeps its first answer: that is the one later calls were shown. An answer the
 * budget cut short is not a finished call: resuming asks it again.
 */
export function readRecordedCalls(parsed: ParsedDiscussion): Map<string, RecordedCall> {
  const calls = new Map<string, RecordedCall>()
  for (const call of allRecordedCalls(parsed))
    if (!call.cut && !calls.has(call.label)) calls.set(call.label, call)
  return calls
}

/** The answers the budget cut short, in file order: not done, but what they used was spent. */
export function readCutCalls(parsed: ParsedDiscussion): RecordedCall[] {
  return allRecordedCalls(parsed).filter((call) => call.cut)
}
