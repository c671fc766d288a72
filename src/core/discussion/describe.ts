/**
 * The structured view of a discussion that `discussions parse` prints and every other tool reads:
 * plain JSON, stable keys, every item with its author and line.
 */
import { splitSkipped } from '../budget/skipped-line.js'
import type { SkippedCall } from '../budget/skipped-line.js'
import { splitUsage } from '../budget/usage-line.js'
import type { AnswerUsage } from '../budget/usage-line.js'
import { headerValue, splitList } from '../format/headers.js'
import type { MarkerKind, ParsedDiscussion, PhaseMarker, Vote } from '../format/model.js'
import { currentVotes } from '../voting/current-votes.js'

export interface ItemView {
  text: string
  author: string
  line: number
}

export interface CommentView {
  author: string
  /** The comment's text, without the usage line the engine wrote at its head. */
  body: string
  vote: Vote | null
  mentions: string[]
  line: number
  closed: boolean
  /** True when the comment was written in the current phase (its vote can count). */
  current: boolean
  /** What the answer used, from the line the engine wrote at its head; null for none. */
  usage: AnswerUsage | null
  /** A call the budget did not start, from the line the engine wrote at its head; null for none. */
  skipped: SkippedCall | null
}

export interface DiscussionView {
  title: string | null
  phase: string | null
  status: string | null
  template: string | null
  created: string | null
  participants: string[]
  headers: Record<string, string>
  comments: CommentView[]
  questions: ItemView[]
  todos: ItemView[]
  decisions: ItemView[]
  concerns: ItemView[]
  assigned: ItemView[]
  done: ItemView[]
  diagrams: { path: string; author: string; line: number }[]
  phase_markers: PhaseMarker[]
  votes: Record<string, Vote>
}

const H1 = /^#\s+(.+?)\s*#*\s*$/m

/** The phase the header names, else the target of the last transition. */
export function currentPhase(parsed: ParsedDiscussion): string | null {
  const header = headerValue(parsed, 'Phase')
  if (header) return header
  for (let i = parsed.phaseMarkers.length - 1; i >= 0; i--) {
    const marker = parsed.phaseMarkers[i]
    if (marker?.kind === 'transition') return marker.to
  }
  return null
}

function titleOf(parsed: ParsedDiscussion): string | null {
  const header = headerValue(parsed, 'Title')
  if (header) return header
  const preamble = parsed.segments[0]
  if (preamble?.kind !== 'content') return null
  return H1.exec(preamble.raw)?.[1] ?? null
}

export function describeDiscussion(parsed: ParsedDiscussion): DiscussionView {
  // One pass over every marker, bucketed by kind (a discussion can hold 100,000s of them).
  const buckets = new Map<MarkerKind, ItemView[]>()
  for (const comment of parsed.comments) {
    for (const { kind, text, author, line } of comment.markers) {
      let bucket = buckets.get(kind)
      if (!bucket) buckets.set(kind, (bucket = []))
      bucket.push({ text, author, line })
    }
  }
  const items = (kind: MarkerKind): ItemView[] => buckets.get(kind) ?? []
  const epoch = parsed.phaseMarkers.length
  return {
    title: titleOf(parsed),
    phase: currentPhase(parsed),
    status: headerValue(parsed, 'Status'),
    template: headerValue(parsed, 'Template'),
    created: headerValue(parsed, 'Created'),
    participants: splitList(headerValue(parsed, 'Participants')),
    headers: Object.fromEntries(parsed.headers.map((entry) => [entry.key, entry.value])),
    comments: parsed.comments.map((comment) => {
      const { skipped, body } = splitSkipped(comment)
      return {
        author: comment.author,
        ...splitUsage({ body }),
        skipped,
        vote: comment.vote,
        mentions: comment.mentions,
        line: comment.line,
        closed: comment.closed,
        current: comment.epoch === epoch,
      }
    }),
    questions: items('question'),
    todos: items('todo'),
    decisions: items('decision'),
    concerns: items('concern'),
    assigned: items('assigned'),
    done: items('done'),
    diagrams: items('diagram').map(({ text, author, line }) => ({ path: text, author, line })),
    phase_markers: parsed.phaseMarkers,
    votes: currentVotes(parsed),
  }
}
