/**
 * The parsed view of a discussion file. Parsing is lossless: `segments` hold every byte of the
 * source in order, so serializing them gives the file back exactly, while the rest of the model is
 * a read-only view derived from them.
 */

export const VOTE_VALUES = ['READY', 'CHANGES', 'REJECT'] as const
export type Vote = (typeof VOTE_VALUES)[number]

/** Structured annotations a comment can carry, one per line (see `markers.ts`). */
export type MarkerKind =
  'vote' | 'question' | 'todo' | 'decision' | 'assigned' | 'done' | 'concern' | 'diagram'

/** One marker line found in a comment body. `line` is 1-based in the whole file. */
export interface MarkerItem {
  kind: MarkerKind
  text: string
  author: string
  line: number
}

export interface HeaderEntry {
  key: string
  value: string
  line: number
}

export type PhaseMarker =
  | { kind: 'transition'; from: string; to: string; line: number }
  | { kind: 'vote-reset'; phase: string; line: number }

export interface Comment {
  /** Position among the comments of the file, from 0. */
  index: number
  author: string
  /** The comment text without the `Name:` line and surrounding blank lines, escapes undone. */
  body: string
  /** The last valid `VOTE:` of the block, or null. */
  vote: Vote | null
  /** Aliases @mentioned in the body, lower-cased, in order of first appearance (`all` included). */
  mentions: string[]
  /** Line of the `Name:` line (1-based). */
  line: number
  /** Last line of the block before its closing delimiter (1-based). */
  endLine: number
  /** False when no `---` follows the block: the tail of a file whose last write was cut short. */
  closed: boolean
  /** How many phase markers precede this comment: votes count only within the latest epoch. */
  epoch: number
  markers: MarkerItem[]
}

/** A stretch of the file. The concatenation of every segment's `raw` is the file. */
export type Segment =
  | { kind: 'delimiter'; raw: string; line: number }
  | { kind: 'content'; raw: string; line: number }
  | { kind: 'comment'; raw: string; line: number; comment: Comment }

export interface FenceProblem {
  /** Line of a fence opener that has no closing fence before the end of its block. */
  line: number
}

export interface ParsedDiscussion {
  segments: Segment[]
  headers: HeaderEntry[]
  comments: Comment[]
  phaseMarkers: PhaseMarker[]
  unclosedFences: FenceProblem[]
  /** The source ends with a newline-terminated `---` line (the layout every append keeps). */
  endsWithDelimiter: boolean
}
