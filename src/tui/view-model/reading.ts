/**
 * The reading screen as data: the discussion's lines, wrapped to the terminal's width, each with a
 * style (header, title, comment author, marker, vote, phase change) and the comment it belongs to,
 * so the screen can highlight, scroll to and read aloud one comment.
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
}

const HEADER = /^\s*<!--\s*([A-Za-z][\w .-]*?)\s*:\s*(.*?)\s*-->\s*$/
const TRANSITION = /^\s*<!--\s*phase-transition\s*:\s*(.*?)\s*->\s*(.*?)\s*-->\s*$/i
const VOTE_RESET = /^\s*<!--\s*vote-reset\s*:?\s*(.*?)\s*-->\s*$/i
const HTML_COMMENT = /^\s*<!--.*-->\s*$/

/** "AI-Architect" -> the persona's role when known; a person's name gets "human". */
export type RoleOf = (author: string) => string | null

export function readingLines(
  text: string,
  view: DiscussionView,
  width: number,
  roleOf: RoleOf = () => null,
): ReadingLine[] {
  const startByLine = new Map<number, number>()
  view.comments.forEach((comment, index) => startByLine.set(comment.line, index))
  const out: ReadingLine[] = []
  let comment: number | null = null
  const push = (raw: string, style: LineStyle): void => {
    for (const piece of wrap(raw, width)) out.push({ text: piece, style, comment })
  }
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? ''
    const starts = startByLine.get(i + 1)
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
      push(clean(raw), marker.kind === 'vote' ? 'vote' : 'marker')
      continue
    }
    push(raw, 'body')
  }
  while (out.length > 0 && out[out.length - 1]?.text.trim() === '') out.pop()
  return out
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
