/**
 * What an append needs to know about the end of a file, computed by streaming over its text so a
 * store can keep it and advance it over only the bytes added since: whether a code fence is open,
 * what the last segment is, and how many lines there are. Agrees with `parseDiscussion`.
 */
import { closesFence, fenceOpener } from './fences.js'
import type { FenceOpener } from './fences.js'
import { DELIMITER_LINE, isBlank } from './lines.js'

export type TailSegment = 'preamble' | 'blank' | 'comment' | 'content'

export interface FileTail {
  /** The fence open after the last complete line, if any. */
  fence: FenceOpener | null
  /** The text after the last newline ('' when the file ends with one). */
  partial: string
  /** Complete lines so far. */
  lines: number
  /** What the text after the last delimiter is: nothing yet, a comment, or other content. */
  segment: TailSegment
  /** Line (1-based) where the last segment's `Name:` stands, when it is a comment. */
  segmentLine: number
}

export const EMPTY_TAIL: FileTail = {
  fence: null,
  partial: '',
  lines: 0,
  segment: 'preamble',
  segmentLine: 0,
}

const NAME_LINE = /^name:[ \t]*\S/i

/**
 * The tail after `chunk` is added to a file whose tail was `tail`. A first append to a file written
 * by someone else runs this over the whole file, so it looks at as few lines as it can: every line
 * is counted, but only lines with a fence-like run (``` or ~~~) are read to follow the fences, and
 * the segment is decided by the last delimiter outside a fence, found from the end, and the first
 * non-blank line after it. tail.test.ts checks it against the line-by-line definition.
 */
export function advanceTail(tail: FileTail, chunk: string): FileTail {
  const text = tail.partial + chunk
  const end = text.lastIndexOf('\n') + 1 // only complete lines change the state
  if (end === 0) return { ...tail, partial: text }
  const { fence, fenced } = followFences(text, end, tail.fence)
  let { segment, segmentLine } = tail
  let from = -1 // where the lines that decide the segment start
  const afterDelimiter = lastDelimiterEnd(text, end, fenced)
  if (afterDelimiter !== -1) {
    segment = 'blank'
    segmentLine = 0
    from = afterDelimiter
  } else if (segment === 'blank') {
    from = 0 // still after the last delimiter: this chunk's first lines decide
  }
  // Every newline of the complete lines (the partial line before the chunk holds none).
  const lines = tail.lines + countNewlinesBetween(text, 0, end)
  // After a delimiter, blank lines keep the segment blank; the first other line decides it (a
  // fence opener is content, and a `Name:` line is never one).
  while (from !== -1 && from < end) {
    const newline = text.indexOf('\n', from)
    const line = lineBetween(text, from, newline)
    if (!isBlank(line)) {
      const isName = NAME_LINE.test(line)
      segment = isName ? 'comment' : 'content'
      segmentLine = isName ? lines - countNewlinesBetween(text, from, end) + 1 : 0
      break
    }
    from = newline + 1
  }
  return { fence, partial: text.slice(end), lines, segment, segmentLine }
}

/** A line's text, from its start to its newline, without the CR of a CRLF. */
function lineBetween(text: string, start: number, newline: number): string {
  return text.slice(
    start,
    newline > start && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline,
  )
}

/** The next `run` at or after `from` and before `end`, or -1. */
function nextRun(text: string, run: string, from: number, end: number): number {
  const at = text.indexOf(run, from)
  return at < end ? at : -1
}

/**
 * The fence open after the complete lines of `text` (those before `end`), and where fenced text
 * lies: pairs of offsets [from, to), an opener's line start to its closer's line end, in order.
 * Only lines with a run of three backticks or tildes can open or close a fence, so only those are
 * read.
 */
function followFences(
  text: string,
  end: number,
  openAtStart: FenceOpener | null,
): { fence: FenceOpener | null; fenced: number[] } {
  const fenced: number[] = []
  let fence = openAtStart
  let openedAt = 0
  let backticks = -2 // the next ``` or ~~~ at or after `from`, once searched (-1: none)
  let tildes = -2
  for (let from = 0; from < end;) {
    let run: number
    if (fence) {
      run = nextRun(text, fence.char === '`' ? '```' : '~~~', from, end)
    } else {
      if (backticks !== -1 && backticks < from) backticks = nextRun(text, '```', from, end)
      if (tildes !== -1 && tildes < from) tildes = nextRun(text, '~~~', from, end)
      run = backticks === -1 ? tildes : tildes === -1 ? backticks : Math.min(backticks, tildes)
    }
    if (run === -1) break
    const lineStart = text.lastIndexOf('\n', run) + 1
    const newline = text.indexOf('\n', run)
    const line = lineBetween(text, lineStart, newline)
    if (fence) {
      if (closesFence(line, fence)) {
        fence = null
        fenced.push(openedAt, newline + 1)
      }
    } else {
      fence = fenceOpener(line)
      openedAt = lineStart
    }
    from = newline + 1
  }
  if (fence) fenced.push(openedAt, end)
  return { fence, fenced }
}

/**
 * Where the line after the last delimiter outside fenced text starts, or -1 when the complete
 * lines hold none. Searched from the end: only lines starting with `---` are candidates, and a
 * candidate inside fenced text skips the search to before that fence.
 */
function lastDelimiterEnd(text: string, end: number, fenced: readonly number[]): number {
  let range = fenced.length - 2 // the last fenced range that may hold a candidate
  let before = end // candidates start before this offset
  for (;;) {
    const lineStart = dashLineBefore(text, before)
    if (lineStart === -1) return -1
    while (range >= 0 && (fenced[range] ?? 0) > lineStart) range -= 2
    const rangeStart = fenced[range] ?? 0
    if (range >= 0 && lineStart < (fenced[range + 1] ?? 0)) {
      before = rangeStart // inside a fence: strictly earlier, as a fence's first line is not ---
      continue
    }
    const newline = text.indexOf('\n', lineStart)
    if (DELIMITER_LINE.test(lineBetween(text, lineStart, newline))) return newline + 1
    before = lineStart
  }
}

/** The start of the last line that starts with `---` and starts before `before`, or -1. */
function dashLineBefore(text: string, before: number): number {
  if (before >= 2) {
    const newline = text.lastIndexOf('\n---', before - 2)
    if (newline !== -1) return newline + 1
  }
  return before > 0 && text.startsWith('---') ? 0 : -1
}

export interface AppendPlan {
  /** Text to write before the new block so it lands as a block of its own. */
  prefix: string
  /** Line (1-based) the block's first written line will have. */
  firstLine: number
  /** Set when the file ended inside a comment that was never closed (a cut-short write). */
  incompleteBlockLine: number | null
}

/**
 * How to make the file ready for a new block: finish a partial last line, close an open fence,
 * and close an unfinished last segment with `---`. A comment left open (a write cut short, or a
 * human's unfinished block) is closed and followed by an INCOMPLETE-BLOCK marker, so the file keeps
 * saying so and `validate` reports it.
 */
export function planAppend(tail: FileTail): AppendPlan {
  let prefix = ''
  let state = tail
  if (state.partial !== '') {
    prefix += '\n'
    state = advanceTail(state, '\n')
  }
  if (state.fence) {
    const closer = `${state.fence.char.repeat(state.fence.length)}\n`
    prefix += closer
    state = advanceTail(state, closer)
  }
  let incompleteBlockLine: number | null = null
  // 'blank' means: after a delimiter, with nothing but blank lines since.
  if (state.segment !== 'blank') {
    const close = state.lines === 0 ? '---\n' : '\n---\n'
    prefix += close
    if (state.segment === 'comment') {
      incompleteBlockLine = state.segmentLine
      prefix += `\n${incompleteBlockMarker(state.segmentLine)}\n\n---\n`
    }
  }
  const firstLine = tail.lines + countNewlines(prefix) + 1
  return { prefix, firstLine, incompleteBlockLine }
}

export function incompleteBlockMarker(line: number): string {
  return `<!-- INCOMPLETE-BLOCK: the block at line ${line} was never closed with --- -->`
}

export const INCOMPLETE_BLOCK_LINE = /^\s*<!--\s*incomplete-block\s*:(.*?)-->\s*$/i

export function countNewlines(text: string): number {
  return countNewlinesBetween(text, 0, text.length)
}

function countNewlinesBetween(text: string, from: number, to: number): number {
  let count = 0
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count++
  return count
}
