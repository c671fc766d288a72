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
  /** The last complete line's text. */
  lastLine: string
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
  lastLine: '',
  lines: 0,
  segment: 'preamble',
  segmentLine: 0,
}

const NAME_LINE = /^name:[ \t]*\S/i

function stepLine(tail: FileTail, rawText: string): FileTail {
  const text = rawText.endsWith('\r') ? rawText.slice(0, -1) : rawText
  const line = tail.lines + 1
  let { fence, segment, segmentLine } = tail
  if (fence) {
    if (closesFence(text, fence)) fence = null
  } else if (DELIMITER_LINE.test(text)) {
    segment = 'blank'
    segmentLine = 0
  } else {
    fence = fenceOpener(text)
    if (segment === 'blank' && !isBlank(text)) {
      const isName = !fence && NAME_LINE.test(text)
      segment = isName ? 'comment' : 'content'
      segmentLine = isName ? line : 0
    }
  }
  return { fence, partial: '', lastLine: text, lines: line, segment, segmentLine }
}

/** The tail after `chunk` is added to a file whose tail was `tail`. */
export function advanceTail(tail: FileTail, chunk: string): FileTail {
  const text = tail.partial + chunk
  let state: FileTail = { ...tail, partial: '' }
  let start = 0
  for (;;) {
    const newline = text.indexOf('\n', start)
    if (newline === -1) break
    state = stepLine(state, text.slice(start, newline))
    start = newline + 1
  }
  return { ...state, partial: text.slice(start) }
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

function countNewlines(text: string): number {
  let count = 0
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++
  return count
}
