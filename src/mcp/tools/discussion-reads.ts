/**
 * The tools that read discussions: list them, read one a page at a time, count its votes. Each
 * is one engine call on a path confined to the served folder (served-folder.ts).
 */
import * as z from 'zod'

import { DiscussionError } from '../../core/errors.js'
import { listDiscussions } from '../../node/engine/index.js'
import type { DiscussionListing } from '../../node/engine/index.js'
import type { McpContext } from '../context.js'
import { defineTool } from '../define-tool.js'
import {
  DEFAULT_PAGE_CHARS,
  decodeCursor,
  discussionPage,
  MAX_PAGE_CHARS,
  pageSchema,
} from '../discussion-page.js'
import { castVoteSchema, pathInput as path, tallySchema as tally, voteSchema } from '../schemas.js'

/** Discussions a list call returns at most: enough to choose from, small enough to read. */
const LIST_PAGE = 25

const listingSchema = z.object({
  path: z.string(),
  title: z.string(),
  template: z.string().nullable(),
  status: z.string().nullable(),
  phase: z.string().nullable(),
  votes: tally,
  comments: z.number(),
  last_activity: z.string().describe('When the file last changed (ISO 8601)'),
})

const contains = (value: string | null, wanted: string | undefined): boolean =>
  wanted === undefined || (value ?? '').toLowerCase().includes(wanted.toLowerCase())

export function registerDiscussionReads(context: McpContext): void {
  const { mcp, folder } = context
  const engine = folder.engine
  const readOnly = { readOnlyHint: true, openWorldHint: false }

  defineTool(
    mcp,
    folder.root,
    'list_discussions',
    {
      title: 'List discussions',
      description:
        'The discussions in the served folder (and its discussions folder), most recently active first: title, path, status, phase, votes and last activity. Filter by status, phase or words of the title; page with cursor.',
      input: z.strictObject({
        folder: z
          .string()
          .optional()
          .describe(
            'A folder inside the served one (default: the served folder and its discussions folder)',
          ),
        status: z.string().optional().describe('Only this status (any case), e.g. OPEN'),
        phase: z.string().optional().describe('Only this phase, e.g. initial_feedback'),
        title: z.string().optional().describe('Only titles containing these words (any case)'),
        cursor: z.string().optional().describe('next_cursor of the previous page'),
      }),
      output: z.object({
        discussions: z.array(listingSchema),
        total: z.number(),
        next_cursor: z.string().nullable(),
      }),
      annotations: readOnly,
    },
    async (args) => {
      const folders =
        args.folder === undefined
          ? await folder.listedFolders()
          : [await folder.folder(args.folder)]
      const listings: DiscussionListing[] = []
      for (const one of folders) listings.push(...(await listDiscussions(one)))
      listings.sort((a, b) => b.last_activity.localeCompare(a.last_activity))
      const matching = listings.filter(
        (listing) =>
          (args.status === undefined ||
            listing.status?.toLowerCase() === args.status.toLowerCase()) &&
          (args.phase === undefined || listing.phase?.toLowerCase() === args.phase.toLowerCase()) &&
          contains(listing.title, args.title),
      )
      const from = args.cursor === undefined ? 0 : offsetOf(args.cursor)
      const page = matching.slice(from, from + LIST_PAGE)
      return {
        discussions: page.map((listing) => ({
          path: folder.shown(listing.path),
          title: listing.title.slice(0, 200),
          template: listing.template,
          status: listing.status,
          phase: listing.phase,
          votes: listing.votes,
          comments: listing.comments,
          last_activity: listing.last_activity,
        })),
        total: matching.length,
        next_cursor: from + LIST_PAGE < matching.length ? String(from + LIST_PAGE) : null,
      }
    },
  )

  defineTool(
    mcp,
    folder.root,
    'read_discussion',
    {
      title: 'Read a discussion',
      description:
        'A discussion: its header, phase, each vote with its reason, the verdict in words, the latest questions, decisions and concerns, and one page of comments (from since_comment, at most max_chars of text). Pass next_cursor back as cursor for the next page.',
      input: z.strictObject({
        path,
        since_comment: z.int().min(0).optional().describe('The first comment to return, from 0'),
        max_chars: z
          .int()
          .min(500)
          .max(MAX_PAGE_CHARS)
          .optional()
          .describe(`Characters of comment text a page holds (default ${DEFAULT_PAGE_CHARS})`),
        cursor: z.string().optional().describe('next_cursor of the previous page'),
      }),
      output: pageSchema,
      annotations: readOnly,
    },
    async (args) => {
      const file = await folder.discussion(args.path)
      const shown = folder.shown(file)
      const since =
        args.cursor !== undefined ? decodeCursor(args.cursor, shown) : (args.since_comment ?? 0)
      const loaded = await engine.load(file)
      const [status, phase] = await Promise.all([
        engine.status(loaded),
        engine.phaseOf(loaded.view.template, loaded.view.phase),
      ])
      return discussionPage({
        path: shown,
        view: loaded.view,
        status,
        phaseTitle: phase?.title ?? null,
        since,
        maxChars: args.max_chars ?? DEFAULT_PAGE_CHARS,
      })
    },
  )

  defineTool(
    mcp,
    folder.root,
    'votes',
    {
      title: 'Count the votes',
      description:
        "The current phase's votes under the project's consensus rules: the verdict in words, the tally and each vote with its reason.",
      input: z.strictObject({ path }),
      output: z.object({
        path: z.string(),
        phase: z.string().nullable(),
        verdict: z.string(),
        reached: z.boolean(),
        outcome: voteSchema.exclude(['CHANGES']).nullable(),
        tally: tally,
        blocked_by: z.array(z.string()),
        human_approved: z.boolean(),
        votes: z.array(castVoteSchema),
      }),
      annotations: readOnly,
    },
    async (args) => {
      const file = await folder.discussion(args.path)
      const status = await engine.status(await engine.load(file))
      const { consensus } = status
      return {
        path: folder.shown(file),
        phase: status.phase,
        verdict: consensus.summary,
        reached: consensus.reached,
        outcome: consensus.outcome,
        tally: consensus.counts,
        blocked_by: consensus.blocked_by,
        human_approved: consensus.human_approved,
        votes: status.participants.map(({ name, vote, reason }) => ({ name, vote, reason })),
      }
    },
  )
}

function offsetOf(cursor: string): number {
  const offset = Number(cursor)
  if (!Number.isInteger(offset) || offset < 0)
    throw new DiscussionError(
      'The cursor is not one list_discussions gave; leave it out to start over.',
    )
  return offset
}
