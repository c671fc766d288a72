/**
 * A discussion as `read_discussion` returns it: where it stands (phase, votes, the verdict, the
 * latest questions, decisions and concerns) and one page of its comments, cut so that the whole
 * result stays well under the tokens a client accepts, with a cursor for the next page.
 */
import * as z from 'zod'

import type { DiscussionView, ItemView } from '../core/discussion/describe.js'
import type { DiscussionStatus } from '../core/discussion/status.js'
import { DiscussionError } from '../core/errors.js'
import { estimateTokens } from '../core/providers/usage.js'
import { castVoteSchema, tallySchema, voteSchema } from './schemas.js'

/** Characters of comment text a page holds unless asked for less (about 2,000 tokens). */
export const DEFAULT_PAGE_CHARS = 8_000
export const MAX_PAGE_CHARS = 12_000
/**
 * The page itself, all of it, in tokens: a result carries it twice (as text, escaped once more,
 * and as structured content), so about 5,500 tokens a result at most.
 */
const PAGE_TOKENS = 3_300
/** Items of each kind shown: the latest ones (the page says how many there are). */
const LATEST_ITEMS = 5
const ITEM_CHARS = 200
const TITLE_CHARS = 200

const itemSchema = z.object({ text: z.string(), author: z.string(), line: z.number() })
const itemsSchema = z.object({ total: z.number(), latest: z.array(itemSchema) })

export const commentSchema = z.object({
  index: z.number().describe('Position among the comments, from 0: since_comment takes it'),
  author: z.string(),
  vote: voteSchema.nullable(),
  line: z.number(),
  body: z.string(),
  truncated: z.boolean().describe('True when body is only the start of a longer comment'),
})

export const pageSchema = z.object({
  path: z.string(),
  title: z.string(),
  template: z.string().nullable(),
  phase: z.string().nullable(),
  phase_title: z.string().nullable(),
  status: z.string().nullable(),
  participants: z.array(z.string()),
  verdict: z.string().describe('The consensus in words'),
  tally: tallySchema,
  votes: z.array(castVoteSchema),
  questions: itemsSchema,
  decisions: itemsSchema,
  concerns: itemsSchema,
  comments_total: z.number(),
  comments: z.array(commentSchema),
  next_since_comment: z.number().nullable(),
  next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null: no more'),
})

export type DiscussionPage = z.output<typeof pageSchema>

const cursorSchema = z.object({ path: z.string(), next: z.int().min(0) })

/** The cursor for comments from `next` on: opaque to a client, checked when it comes back. */
export function encodeCursor(path: string, next: number): string {
  return Buffer.from(JSON.stringify({ path, next })).toString('base64url')
}

export function decodeCursor(cursor: string, path: string): number {
  let decoded: unknown
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    decoded = null
  }
  const parsed = cursorSchema.safeParse(decoded)
  if (!parsed.success)
    throw new DiscussionError(
      'The cursor is not one read_discussion gave; leave it out to start over.',
    )
  if (parsed.data.path !== path)
    throw new DiscussionError(
      `The cursor belongs to ${parsed.data.path}, not ${path}; pass the path it was given with.`,
    )
  return parsed.data.next
}

const cut = (text: string, chars: number): string =>
  text.length > chars ? `${text.slice(0, chars - 1)}…` : text

function latest(items: readonly ItemView[]): z.output<typeof itemsSchema> {
  return {
    total: items.length,
    latest: items
      .slice(-LATEST_ITEMS)
      .map(({ text, author, line }) => ({ text: cut(text, ITEM_CHARS), author, line })),
  }
}

export interface PageRequest {
  path: string
  view: DiscussionView
  status: DiscussionStatus
  phaseTitle: string | null
  since: number
  maxChars: number
}

/** The page of comments from `since`, as many as `maxChars` of text and the token limit allow. */
export function discussionPage(request: PageRequest): DiscussionPage {
  const { view, status } = request
  const page: DiscussionPage = {
    path: request.path,
    title: cut(view.title ?? request.path, TITLE_CHARS),
    template: view.template,
    phase: view.phase,
    phase_title: request.phaseTitle,
    status: view.status,
    participants: view.participants,
    verdict: status.consensus.summary,
    tally: status.consensus.counts,
    votes: status.participants.map(({ name, vote, reason }) => ({ name, vote, reason })),
    questions: latest(view.questions),
    decisions: latest(view.decisions),
    concerns: latest(view.concerns),
    comments_total: view.comments.length,
    comments: [],
    next_since_comment: null,
    next_cursor: null,
  }
  let chars = 0
  let index = request.since
  for (; index < view.comments.length; index++) {
    const comment = view.comments[index]
    if (!comment) break
    const room = request.maxChars - chars
    // A page ends before the comment that does not fit; one longer than a page comes alone, cut.
    if (comment.body.length > room && page.comments.length > 0) break
    const entry = {
      index,
      author: cut(comment.author, TITLE_CHARS),
      vote: comment.vote,
      line: comment.line,
      body: comment.body.slice(0, room),
      truncated: comment.body.length > room,
    }
    page.comments.push(entry)
    const over = estimateTokens(JSON.stringify(page)) - PAGE_TOKENS
    if (over > 0 && page.comments.length > 1) {
      page.comments.pop()
      break
    }
    if (over > 0) {
      // Escaping made the one comment too long: keep its start, with room for the escapes.
      entry.body = entry.body.slice(0, Math.max(0, entry.body.length - over * 8))
      entry.truncated = true
    }
    chars += entry.body.length
  }
  if (index < view.comments.length) {
    page.next_since_comment = index
    page.next_cursor = encodeCursor(request.path, index)
  }
  return page
}
