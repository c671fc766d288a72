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
 * by someone else runs this over the whole file, so it is written for speed: it keeps its state
 * in locals, finds the next fence-like run (``` or ~~~) and newline with `indexOf` over the whole
 * chunk, and slices a line out only when it could change the state (a `---`, a fence-like line, or
 * the first line after a delimiter). tail.test.ts checks it against the line-by-line definition.
 */
export function advanceTail(tail: FileTail, chunk: string): FileTail {
  const text = tail.partial + chunk
  let { fence, lines, segment, segmentLine } = tail
  let nextBackticks = text.indexOf('```')
  let nextTildes = text.indexOf('~~~')
  let start = 0
  for (;;) {
    const newline = text.indexOf('\n', start)
    if (newline === -1) break
    lines++
    if (nextBackticks !== -1 && nextBackticks < start) nextBackticks = text.indexOf('```', start)
    if (nextTildes !== -1 && nextTildes < start) nextTildes = text.indexOf('~~~', start)
    // A run ends before the newline (neither \r nor \n is ` or ~), so this is "in the line".
    const fenceLike =
      (nextBackticks !== -1 && nextBackticks < newline) ||
      (nextTildes !== -1 && nextTildes < newline)
    const mayDelimit = !fence && text.charCodeAt(start) === 45
    if (fenceLike || mayDelimit || (!fence && segment === 'blank')) {
      const end = newline > start && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline
      const line = text.slice(start, end)
      if (fence) {
        if (closesFence(line, fence)) fence = null
      } else if (mayDelimit && DELIMITER_LINE.test(line)) {
        segment = 'blank'
        segmentLine = 0
      } else {
        fence = fenceLike ? fenceOpener(line) : null
        if (segment === 'blank' && !isBlank(line)) {
          const isName = !fence && NAME_LINE.test(line)
          segment = isName ? 'comment' : 'content'
          segmentLine = isName ? lines : 0
        }
      }
    }
    start = newline + 1
  }
  return { fence, partial: text.slice(start), lines, segment, segmentLine }
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
  let count = 0
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++
  return count
}
