/**
 * Parses a discussion file into segments (lossless) and the view derived from them. Never throws:
 * any text is some discussion, possibly one with problems that `validate` reports.
 */
import { mapDiagramBlocks } from './diagram-blocks.js'
import { unescapeCommentLine } from './escape.js'
import { mapFences } from './fences.js'
import { indexLines, isBlank, isDelimiterText } from './lines.js'
import { findMentions, matchMarker, normalizeVote } from './markers.js'
import type {
  Comment,
  HeaderEntry,
  MarkerItem,
  ParsedDiscussion,
  PhaseMarker,
  Segment,
  Vote,
} from './model.js'

const NAME_LINE = /^name:[ \t]*(\S.*?)[ \t]*$/i
const HTML_COMMENT_LINE = /^\s*<!--.*-->\s*$/
const HEADER_LINE = /^\s*<!--\s*([A-Za-z][\w .-]*?)\s*:\s*(.*?)\s*-->\s*$/
const TRANSITION = /^\s*<!--\s*phase-transition\s*:\s*(.*?)\s*->\s*(.*?)\s*-->\s*$/i
const VOTE_RESET = /^\s*<!--\s*vote-reset\s*:?\s*(.*?)\s*-->\s*$/i

interface Run {
  start: number
  end: number // exclusive
}

export function parseDiscussion(source: string): ParsedDiscussion {
  const { texts, starts } = indexLines(source)
  const lineCount = texts.length
  const { inFence, unclosed } = mapFences(texts)
  const isDelimiter = (i: number): boolean => inFence[i] === 0 && isDelimiterText(texts[i] ?? '')

  const segments: Segment[] = []
  const comments: Comment[] = []
  const phaseMarkers: PhaseMarker[] = []
  let headers: HeaderEntry[] = []

  const rawOf = (run: Run): string => source.slice(starts[run.start], starts[run.end])

  const addRun = (run: Run, isPreamble: boolean): void => {
    if (run.end <= run.start) return
    const first = firstNonBlank(texts, run)
    const name =
      first === -1 || isPreamble || inFence[first] ? null : NAME_LINE.exec(texts[first] ?? '')
    if (name && first !== -1) {
      const author = name[1] ?? ''
      const closed = run.end < lineCount // a delimiter follows
      const comment = readComment({
        texts,
        slice: (start, end) =>
          end <= start
            ? ''
            : source.slice(starts[start], (starts[end - 1] ?? 0) + (texts[end - 1] ?? '').length),
        inFence,
        nameLine: first,
        run,
        author,
        closed,
        index: comments.length,
        epoch: phaseMarkers.length,
      })
      comments.push(comment)
      segments.push({ kind: 'comment', raw: rawOf(run), line: run.start + 1, comment })
      return
    }
    if (isPreamble) {
      headers = readHeaders(texts, inFence, run)
    } else {
      // Phase markers are the engine's, written as a segment of their own after a `---`; the
      // preamble holds the title and context a person or a template gave, so none counts there.
      for (let i = run.start; i < run.end; i++) {
        if (inFence[i]) continue
        const marker = readPhaseMarker(texts[i] ?? '', i + 1)
        if (marker) phaseMarkers.push(marker)
      }
    }
    segments.push({ kind: 'content', raw: rawOf(run), line: run.start + 1 })
  }

  let runStart = 0
  let seenDelimiter = false
  for (let i = 0; i < lineCount; i++) {
    if (!isDelimiter(i)) continue
    addRun({ start: runStart, end: i }, !seenDelimiter)
    segments.push({ kind: 'delimiter', raw: rawOf({ start: i, end: i + 1 }), line: i + 1 })
    seenDelimiter = true
    runStart = i + 1
  }
  addRun({ start: runStart, end: lineCount }, !seenDelimiter)

  const last = lineCount - 1
  const endsWithDelimiter = last >= 0 && isDelimiter(last) && source.endsWith('\n')

  return {
    segments,
    headers,
    comments,
    phaseMarkers,
    unclosedFences: unclosed.map((i) => ({ line: i + 1 })),
    endsWithDelimiter,
  }
}

function firstNonBlank(texts: readonly string[], run: Run): number {
  for (let i = run.start; i < run.end; i++) if (!isBlank(texts[i] ?? '')) return i
  return -1
}

/** The header is the leading run of `<!-- ... -->` lines (blank lines allowed between them). */
function readHeaders(texts: readonly string[], inFence: Uint8Array, run: Run): HeaderEntry[] {
  const headers: HeaderEntry[] = []
  for (let i = run.start; i < run.end; i++) {
    const text = texts[i] ?? ''
    if (isBlank(text)) continue
    if (inFence[i] || !HTML_COMMENT_LINE.test(text)) break
    if (TRANSITION.test(text) || VOTE_RESET.test(text)) continue
    const match = HEADER_LINE.exec(text)
    if (match) headers.push({ key: match[1] ?? '', value: match[2] ?? '', line: i + 1 })
  }
  return headers
}

function readPhaseMarker(text: string, line: number): PhaseMarker | null {
  const transition = TRANSITION.exec(text)
  if (transition)
    return { kind: 'transition', from: transition[1] ?? '', to: transition[2] ?? '', line }
  const reset = VOTE_RESET.exec(text)
  if (reset) return { kind: 'vote-reset', phase: reset[1] ?? '', line }
  return null
}

interface CommentInput {
  texts: readonly string[]
  /** The source text of lines [start, end), without the final line ending. */
  slice: (start: number, end: number) => string
  inFence: Uint8Array
  nameLine: number
  run: Run
  author: string
  closed: boolean
  index: number
  epoch: number
}

function readComment(input: CommentInput): Comment {
  const { texts, inFence, nameLine, run, author } = input
  let bodyStart = nameLine + 1
  let bodyEnd = run.end
  while (bodyStart < bodyEnd && isBlank(texts[bodyStart] ?? '')) bodyStart++
  while (bodyEnd > bodyStart && isBlank(texts[bodyEnd - 1] ?? '')) bodyEnd--

  const markers: MarkerItem[] = []
  const mentions: string[] = []
  let vote: Vote | null = null
  let escaped = false
  // A bare diagram block's lines (`@startuml` ... `@enduml`) name no one. The map is made at the
  // first directive (no block starts before it), so comments without one never pay for it.
  let inDiagram: Uint8Array | null = null
  for (let i = bodyStart; i < bodyEnd; i++) {
    const text = texts[i] ?? ''
    if (!escaped && unescapeCommentLine(text) !== text) escaped = true
    if (inFence[i]) continue
    const marker = matchMarker(text)
    if (marker) {
      markers.push({ kind: marker.kind, text: marker.text, author, line: i + 1 })
      if (marker.kind === 'vote') vote = normalizeVote(marker.text) ?? vote
    }
    if (!text.includes('@')) continue
    if (!inDiagram && DIAGRAM_DIRECTIVE.test(text))
      inDiagram = mapDiagramBlocks(
        texts.slice(bodyStart, bodyEnd),
        inFence.subarray(bodyStart, bodyEnd),
      )
    if (inDiagram?.[i - bodyStart]) continue
    for (const alias of findMentions(text)) if (!mentions.includes(alias)) mentions.push(alias)
  }
  // The body is one slice of the source; only CRLF files and escaped lines need rebuilding.
  let body = input.slice(bodyStart, bodyEnd)
  if (body.includes('\r') || escaped) {
    body = texts.slice(bodyStart, bodyEnd).map(unescapeCommentLine).join('\n')
  }

  return {
    index: input.index,
    author,
    body,
    vote,
    mentions,
    line: nameLine + 1,
    endLine: Math.max(run.end, nameLine + 1),
    closed: input.closed,
    epoch: input.epoch,
    markers,
  }
}

const DIAGRAM_DIRECTIVE = /^\s*@(?:start|end)[a-z]/i
