/**
 * `review_with_panel`: a text or a file of the served folder to review becomes a discussion
 * (the code-review template unless another is named), and its first turn starts at once; the
 * prompt tells the agent where the review is and how to follow it.
 */
import { basename } from 'node:path'

import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import type { GetPromptResult } from '@modelcontextprotocol/server'
import * as z from 'zod'

import { DiscussionError } from '../core/errors.js'
import { readTextUpTo } from '../node/engine/index.js'
import type { McpContext } from './context.js'
import { inWords } from './tool-result.js'
import { startTurn } from './tools/turn-tools.js'

/** What a review may hold: a file or a text a panel can read in one prompt. */
const MAX_REVIEW_BYTES = 200_000
const REVIEW_TEMPLATE = 'code-review'

/** `text` in a fenced block no line of it can close, so nothing in it reads as a marker. */
function fenced(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length))
  const fence = '`'.repeat(longest + 1)
  return `${fence}\n${text.replace(/\n?$/, '\n')}${fence}`
}

function firstLine(text: string): string {
  const line = text.split('\n').find((one) => one.trim() !== '') ?? 'text'
  return line.trim().slice(0, 60)
}

export function registerPrompts(context: McpContext): void {
  const { mcp, folder } = context

  mcp.registerPrompt(
    'review_with_panel',
    {
      title: 'Review with a panel',
      description:
        'Has a panel of AI personas review a text or a file: creates a discussion from it and starts the first turn; then follow it with turn_status and read_discussion.',
      argsSchema: z.object({
        text: z.string().optional().describe('The text to review (or give file)'),
        file: z.string().optional().describe('A file of the served folder to review'),
        title: z.string().optional().describe('The discussion title'),
        template: z.string().optional().describe(`A template (default ${REVIEW_TEMPLATE})`),
        personas: z.string().optional().describe('Persona aliases, comma-separated'),
      }),
    },
    async (args) => {
      try {
        return await reviewWithPanel(context, args)
      } catch (error) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, inWords(error, folder.root))
      }
    },
  )
}

interface ReviewArgs {
  text?: string | undefined
  file?: string | undefined
  title?: string | undefined
  template?: string | undefined
  personas?: string | undefined
}

async function reviewWithPanel(context: McpContext, args: ReviewArgs): Promise<GetPromptResult> {
  const { folder } = context
  const engine = folder.engine
  if ((args.text === undefined) === (args.file === undefined))
    throw new DiscussionError('Give either text or file to review, not both or neither.')
  let subject: string
  let title: string
  if (args.file !== undefined) {
    const real = await folder.file(args.file)
    subject = `${folder.shown(real)}:\n\n${fenced(await readTextUpTo(real, MAX_REVIEW_BYTES))}`
    title = args.title ?? `Review of ${basename(real)}`
  } else {
    const text = args.text ?? ''
    if (text.trim() === '') throw new DiscussionError('The text to review is empty.')
    if (Buffer.byteLength(text) > MAX_REVIEW_BYTES)
      throw new DiscussionError(
        `The text is over ${MAX_REVIEW_BYTES / 1000} KB; review a file, or a part.`,
      )
    subject = fenced(text)
    title = args.title ?? `Review: ${firstLine(text)}`
  }
  const personas = (args.personas ?? '')
    .split(',')
    .map((alias) => alias.trim().replace(/^@/, ''))
    .filter(Boolean)
  const file = await engine.create({
    title,
    template: args.template ?? REVIEW_TEMPLATE,
    context: `What to review:\n\n${subject}`,
    ...(personas.length > 0 ? { participants: personas } : {}),
    dir: await folder.discussionsFolder(),
  })
  await context.follow(file)
  const shown = folder.shown(file)
  const run = await startTurn(context, file, {})
  const asked = run.progress.rows.map((row) => `@${row.alias}`).join(', ')
  return {
    description: `Panel review started in ${shown}`,
    messages: [
      {
        role: 'user',
        content: {
          type: 'text',
          text: [
            `A panel review has started in the discussion ${shown}: ${asked} are answering now (turn run id ${run.id}).`,
            `Follow it with turn_status {"run_id": "${run.id}", "wait_s": 50} until its state is no longer running, then read the answers with read_discussion {"path": "${shown}"}.`,
            "Summarize the panel's concerns, questions and votes for me, and add your own view with add_comment if you have one.",
          ].join('\n'),
        },
      },
    ],
  }
}
