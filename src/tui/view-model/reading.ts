/**
 * The reading screen as data: the discussion's lines, wrapped to the terminal's width, each with a
 * style (header, title, comment author, marker, vote, phase change) and the comment it belongs to,
 * so the screen can highlight, scroll to and read aloud one comment. Prose the file wrapped by hand
 * (at 72 or 100 columns, say) is joined into paragraphs and wrapped again to the terminal, so it
 * does not read ragged; code fences, lists, quotes, tables, indented blocks and marker lines keep
 * their own lines.
 */
import type { DiscussionView } from '../../core/discussion/describe.js'
import { matchMarker } from '../../core/format/markers.js'
import { clean, wrap } from './text.js'

export type LineStyle =
  'title' | 'header' | 'body' | 'author' | 'marker' | 'vote' | 'phase' | 'rule' | 'dim'

export interface ReadingLine {
  text: string
  style: LineStyle
  /** Index into view.comments of the comment this line belongs to; null before the first. */
  comment: number | null
  /** A vote line's vote, which colours it. */
  vote?: 'READY' | 'CHANGES' | 'REJECT'
}

const HEADER = /^\s*<!--\s*([A-Za-z][\w .-]*?)\s*:\s*(.*?)\s*-->\s*$/
const TRANSITION = /^\s*<!--\s*phase-transition\s*:\s*(.*?)\s*->\s*(.*?)\s*-->\s*$/i
const VOTE_RESET = /^\s*<!--\s*vote-reset\s*:?\s*(.*?)\s*-->\s*$/i
const HTML_COMMENT = /^\s*<!--.*-->\s*$/
const FENCE = /^\s*(```|~~~)/
/** Lines that stand on their own in Markdown: list items, quotes, tables, indented code, headings. */
const OWN_LINE = /^(\s*([-*+]|\d+[.)])\s|\s*[>|]|\s{4}|\t|\s*#)/

/** Whether a body line is prose that may be joined with the next one into a paragraph. */
function isProse(line: string): boolean {
  return line.trim() !== '' && !OWN_LINE.test(line)
}

/** "AI-Architect" -> the persona's role when known; a person's name gets "human". */
export type RoleOf = (author: string) => string | null

export function readingLines(
  text: string,
  view: DiscussionView,
  width: number,
  roleOf: RoleOf = () => null,
): ReadingLine[] {
  return layoutLines(text.split(/\r?\n/), 1, view, width, roleOf)
}

/**
 * The reading lines of `lines`, the file's lines from line number `firstLine` on (a part of the
 * file that starts before the first comment or at a comment's first line, so parts lay out alone).
 */
export function layoutLines(
  lines: readonly string[],
  firstLine: number,
  view: DiscussionView,
  width: number,
  roleOf: RoleOf,
  startByLine: ReadonlyMap<number, number> = commentsByLine(view),
  /** The part ends the file: its trailing blank lines go. */
  last = true,
): ReadingLine[] {
  const out: ReadingLine[] = []
  let comment: number | null = null
  // The prose paragraph being gathered, drawn when anything else comes.
  let paragraph: string[] = []
  let fenced = false
  const flush = (): void => {
    if (paragraph.length === 0) return
    const joined = paragraph.map((line) => line.trim()).join(' ')
    paragraph = []
    for (const piece of wrap(joined, width)) out.push({ text: piece, style: 'body', comment })
  }
  const push = (raw: string, style: LineStyle): void => {
    flush()
    for (const piece of wrap(raw, width)) out.push({ text: piece, style, comment })
  }
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? ''
    if (FENCE.test(raw)) {
      fenced = !fenced
      push(raw, 'body')
      continue
    }
    if (fenced) {
      push(raw, 'body')
      continue
    }
    const starts = startByLine.get(firstLine + i)
    if (starts !== undefined) {
      comment = starts
      const entry = view.comments[starts]
      if (entry) {
        const role = roleOf(entry.author)
        const vote = entry.vote ? ` · ${entry.vote}` : ''
        push(`▌ ${entry.author}${role ? ` (${role})` : ''}${vote}`, 'author')
        continue
      }
    }
    const transition = TRANSITION.exec(raw)
    if (transition) {
      push(`── phase: ${transition[1]} → ${transition[2]} ──`, 'phase')
      continue
    }
    const reset = VOTE_RESET.exec(raw)
    if (reset) {
      push(`── votes reset${reset[1] ? ` for ${reset[1]}` : ''} ──`, 'phase')
      continue
    }
    const header = HEADER.exec(raw)
    if (header && comment === null) {
      if ((header[1] ?? '').toUpperCase() !== 'DISCUSSION')
        push(`${header[1]}: ${header[2]}`, 'header')
      continue
    }
    if (HTML_COMMENT.test(raw)) {
      if (comment === null && /<!--\s*DISCUSSION\s*-->/i.test(raw)) continue
      push(raw.trim(), 'dim')
      continue
    }
    if (/^---+\s*$/.test(raw)) {
      out.push({ text: '─'.repeat(Math.max(1, Math.min(width, 40))), style: 'rule', comment })
      continue
    }
    if (/^#\s/.test(raw)) {
      push(raw.replace(/^#\s+/, ''), 'title')
      continue
    }
    const marker = matchMarker(raw)
    if (marker) {
      if (marker.kind !== 'vote') {
        push(clean(raw), 'marker')
        continue
      }
      flush()
      const vote = /\b(READY|CHANGES|REJECT)\b/i.exec(raw)?.[1]?.toUpperCase()
      for (const piece of wrap(clean(raw), width))
        out.push({
          text: piece,
          style: 'vote',
          comment,
          ...(vote === 'READY' || vote === 'CHANGES' || vote === 'REJECT' ? { vote } : {}),
        })
      continue
    }
    if (isProse(raw)) {
      paragraph.push(raw)
      // Two trailing spaces are Markdown's line break: the paragraph's line ends there.
      if (/ {2}$/.test(raw)) flush()
    } else push(raw, 'body')
  }
  flush()
  while (last && out.length > 0 && out[out.length - 1]?.text.trim() === '') out.pop()
  return out
}

/** Comment index by the line number its block starts at. */
export function commentsByLine(view: DiscussionView): Map<number, number> {
  const startByLine = new Map<number, number>()
  view.comments.forEach((comment, index) => startByLine.set(comment.line, index))
  return startByLine
}

/** The first line of each comment, for jumping between comments. */
export function commentStarts(lines: readonly ReadingLine[]): number[] {
  const starts: number[] = []
  lines.forEach((line, index) => {
    if (line.style === 'author') starts.push(index)
  })
  return starts
}

/** The scroll offset that shows the end (the newest comment) on a screen of `height` lines. */
export function endOffset(lines: readonly ReadingLine[], height: number): number {
  return Math.max(0, lines.length - height)
}

/** Keeps an offset inside the document. */
export function clampOffset(offset: number, lines: readonly ReadingLine[], height: number): number {
  return Math.max(0, Math.min(offset, endOffset(lines, height)))
}
