/**
 * The tools on discussion files: list them, read one a page at a time, create one, comment (and
 * vote) as the client's agent, count the votes and move to the next phase. Each is one engine
 * call, on a path confined to the served folder (served-folder.ts).
 */
import type { ServerContext } from '@modelcontextprotocol/server'
import * as z from 'zod'

import { isAgentName } from '../../core/discussion/agent-author.js'
import { DiscussionError } from '../../core/errors.js'
import { listDiscussions } from '../../node/engine/index.js'
import type { DiscussionListing } from '../../node/engine/index.js'
import { agentSignature, clientName } from '../agent-signature.js'
import type { McpContext } from '../context.js'
import { defineTool } from '../define-tool.js'
import {
  DEFAULT_PAGE_CHARS,
  decodeCursor,
  discussionPage,
  MAX_PAGE_CHARS,
  pageSchema,
} from '../discussion-page.js'

/** Discussions a list call returns at most: enough to choose from, small enough to read. */
const LIST_PAGE = 25
/** A comment is a message, not a document: larger text belongs in a file it names. */
const MAX_COMMENT_CHARS = 50_000

const path = z.string().min(1).describe('The discussion file, relative to the served folder')
const vote = z.enum(['READY', 'CHANGES', 'REJECT'])
const tally = z.object({ READY: z.number(), CHANGES: z.number(), REJECT: z.number() })

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

export function registerDiscussionTools(context: McpContext): void {
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
    'create_discussion',
    {
      title: 'Create a discussion',
      description:
        "Creates a discussion file from a template (default: the project's) with a title, the context to discuss and the persona participants; returns its path. join: list this agent among the participants too, so its votes count.",
      input: z.strictObject({
        title: z.string().min(1).max(200),
        template: z.string().optional().describe('A template name, e.g. feature, brainstorm, adr'),
        context: z
          .string()
          .max(MAX_COMMENT_CHARS)
          .optional()
          .describe('What to discuss (markdown)'),
        participants: z
          .array(z.string().min(1))
          .optional()
          .describe('Persona aliases, e.g. ["architect", "security"] (default: the template\'s)'),
        folder: z.string().optional().describe('A folder inside the served one for the file'),
        join: z
          .boolean()
          .optional()
          .describe('Also list this agent as a participant (its votes then count)'),
      }),
      output: z.object({
        path: z.string(),
        title: z.string(),
        template: z.string().nullable(),
        phase: z.string().nullable(),
        participants: z.array(z.string()),
      }),
    },
    async (args, ctx) => {
      const personas = (args.participants ?? []).map((alias) => alias.replace(/^@/, ''))
      const agent = personas.find(isAgentName)
      if (agent !== undefined)
        throw new DiscussionError(
          `${agent} is a coding agent's name, not a persona's; give join: true to list yourself.`,
        )
      let participants = personas
      if (args.join === true) {
        const me = await signature(context, ctx)
        // The template's participants are filled in only when none are named.
        if (participants.length === 0) {
          const template = (await engine.templates()).require(
            args.template ?? engine.config.default_template,
          ).template
          participants =
            template.participants.length > 0
              ? [...template.participants]
              : [...engine.config.default_participants]
        }
        participants = [...participants, me]
      }
      const file = await engine.create({
        title: args.title,
        ...(args.template !== undefined ? { template: args.template } : {}),
        ...(args.context !== undefined ? { context: args.context } : {}),
        ...(participants.length > 0 ? { participants } : {}),
        dir: await folder.folder(args.folder),
      })
      await context.follow(file)
      const { view } = await engine.load(file)
      return {
        path: folder.shown(file),
        title: view.title ?? args.title,
        template: view.template,
        phase: view.phase,
        participants: view.participants,
      }
    },
  )

  defineTool(
    mcp,
    folder.root,
    'add_comment',
    {
      title: 'Comment on a discussion',
      description:
        "Appends one comment (markdown) to a discussion, signed AI-agent-<your client's name>, with an optional vote. Your vote counts only where the discussion lists you among its participants; @mention a persona to have it answer in the next turn.",
      input: z.strictObject({
        path,
        text: z.string().max(MAX_COMMENT_CHARS).describe('The comment, in markdown'),
        vote: vote.optional().describe('READY, CHANGES or REJECT'),
      }),
      output: z.object({
        path: z.string(),
        author: z.string(),
        line: z.number().describe('The line of the comment block in the file'),
        vote: vote.nullable(),
        vote_counts: z.boolean().describe('Whether the vote counts toward consensus'),
        note: z.string(),
      }),
    },
    async (args, ctx) => {
      const file = await folder.discussion(args.path)
      if (args.text.trim() === '' && args.vote === undefined)
        throw new DiscussionError('The comment is empty; write some text or give a vote.')
      const author = await signature(context, ctx)
      // The engine's comment use case: the same checks, text rules and durable append as the CLI.
      const result = await engine.addComment(file, {
        author,
        text: args.text,
        vote: args.vote ?? null,
      })
      const { view } = await engine.load(file)
      const listed = view.participants.includes(author.toLowerCase())
      const voteCounts = args.vote !== undefined && listed
      return {
        path: folder.shown(file),
        author,
        line: result.line,
        vote: args.vote ?? null,
        vote_counts: voteCounts,
        note:
          args.vote === undefined
            ? 'Comment added.'
            : voteCounts
              ? 'Comment and vote added; the vote counts.'
              : `Comment and vote added, but the vote does not count: the discussion does not list ${author} among its participants.`,
      }
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
        outcome: z.enum(['READY', 'REJECT']).nullable(),
        tally: tally,
        blocked_by: z.array(z.string()),
        human_approved: z.boolean(),
        votes: z.array(z.object({ name: z.string(), vote: vote.nullable(), reason: z.string() })),
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

  defineTool(
    mcp,
    folder.root,
    'advance_phase',
    {
      title: 'Advance the phase',
      description:
        "Moves a discussion to its template's next phase; the votes of the phase before stop counting.",
      input: z.strictObject({ path }),
      output: z.object({ path: z.string(), from: z.string(), to: z.string() }),
    },
    async (args) => {
      const file = await folder.discussion(args.path)
      const { from, to } = await engine.advance(file)
      return { path: folder.shown(file), from, to }
    },
  )
}

/** The name this request's client signs with. */
function signature(context: McpContext, ctx: ServerContext): Promise<string> {
  return agentSignature(context.folder.engine, clientName(context.mcp, ctx))
}

function offsetOf(cursor: string): number {
  const offset = Number(cursor)
  if (!Number.isInteger(offset) || offset < 0)
    throw new DiscussionError(
      'The cursor is not one list_discussions gave; leave it out to start over.',
    )
  return offset
}
