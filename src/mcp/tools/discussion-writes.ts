/**
 * The tools that write to discussions: create one, comment (and vote) as the client's agent, move
 * to the next phase. Each is one engine call, on a path confined to the served folder, through
 * the same checks and durable writes as the CLI's.
 */
import type { ServerContext } from '@modelcontextprotocol/server'
import * as z from 'zod'

import { isAgentName } from '../../core/discussion/agent-author.js'
import { DiscussionError } from '../../core/errors.js'
import { agentSignature, clientName } from '../agent-signature.js'
import type { McpContext } from '../context.js'
import { defineTool } from '../define-tool.js'
import { pathInput as path, voteSchema as vote } from '../schemas.js'

/** A comment is a message, not a document: larger text belongs in a file it names. */
const MAX_COMMENT_CHARS = 50_000

export function registerDiscussionWrites(context: McpContext): void {
  const { mcp, folder } = context
  const engine = folder.engine

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
          const { template } = await engine.requireTemplate(
            args.template ?? engine.config.default_template,
          )
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
