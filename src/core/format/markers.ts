/**
 * Marker lines and @mentions inside a comment body. A marker counts at the start of a line, after
 * an optional quote mark, list bullet, task box or bold, in any case, and tolerates trailing
 * punctuation on the vote (`vote: ready.` is READY). Fenced code is filtered out by the caller;
 * `mentionsInProse` does it for a whole text.
 */
import { mapDiagramBlocks } from './diagram-blocks.js'
import { mapFences } from './fences.js'
import type { MarkerKind, Vote } from './model.js'

const MARKER_WORDS: Record<string, MarkerKind> = {
  vote: 'vote',
  q: 'question',
  question: 'question',
  todo: 'todo',
  action: 'todo',
  decision: 'decision',
  assigned: 'assigned',
  done: 'done',
  concern: 'concern',
  diagram: 'diagram',
}

const MARKER_LINE =
  /^\s*(?:>\s*)*(?:(?:[-*+]|\d{1,9}[.)])\s+)?(?:\[[ xX]\]\s+)?(\*\*|__)?\s*(vote|question|q|todo|action|decision|assigned|done|concern|diagram)\s*:\s*(\*\*|__)?\s*(.*)$/i

export interface MarkerMatch {
  kind: MarkerKind
  text: string
}

export function matchMarker(line: string): MarkerMatch | null {
  if (!line.includes(':')) return null // fast path: every marker has a colon
  const match = MARKER_LINE.exec(line)
  if (!match) return null
  const [, openBold, word = '', closeBold, rest = ''] = match
  const kind = MARKER_WORDS[word.toLowerCase()]
  if (!kind) return null
  let text = rest.trim()
  // `**Q: text**`: the bold opened before the marker closes at the end of the line.
  if (openBold && !closeBold && text.endsWith(openBold))
    text = text.slice(0, -openBold.length).trim()
  if (kind === 'diagram') text = text.replace(/^[`'"<]+|[`'">]+$/g, '').trim()
  return { kind, text }
}

const VOTE_VALUE = /^[*_`"'\s]*(ready|changes|reject)(?![a-z])/i

/** Reads a vote value leniently; null when the text names no known vote. */
export function normalizeVote(text: string): Vote | null {
  const match = VOTE_VALUE.exec(text)
  return match ? ((match[1] ?? '').toUpperCase() as Vote) : null
}

// An @ preceded by a word character, a dot or another @ is part of an address, not a mention.
const MENTION = /(?<![\w.@+-])@([a-z0-9](?:[\w.-]*[a-z0-9_])?)/gi
const INLINE_CODE = /(`+)[^`]*?\1/g

/** The @mentions of one line, lower-cased (inline code spans excluded). */
export function findMentions(line: string): string[] {
  if (!line.includes('@')) return []
  const withoutCode = line.includes('`') ? line.replace(INLINE_CODE, ' ') : line
  // An exec loop, not matchAll: the parser calls this for every line of a discussion.
  const mentions: string[] = []
  MENTION.lastIndex = 0
  for (let m = MENTION.exec(withoutCode); m !== null; m = MENTION.exec(withoutCode))
    mentions.push((m[1] ?? '').toLowerCase())
  return mentions
}

/**
 * The @mentions of a whole text (a callout, a comment being written), lower-cased and each once:
 * from its prose only, never from a code span, a fenced block or a bare diagram block, the same
 * lines the parser takes a comment's mentions from.
 */
export function mentionsInProse(text: string): string[] {
  if (!text.includes('@')) return []
  const lines = text.split(/\r?\n/)
  const { inFence } = mapFences(lines)
  const inDiagram = mapDiagramBlocks(lines, inFence)
  const mentions = new Set<string>()
  lines.forEach((line, i) => {
    if (inFence[i] || inDiagram[i]) return
    for (const alias of findMentions(line)) mentions.add(alias)
  })
  return [...mentions]
}
