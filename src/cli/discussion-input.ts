/**
 * `votes` and `route` read what `parse` prints, or a discussion file directly, so both
 * `discussions parse f.md | discussions votes` and `discussions votes f.md` work.
 */
import * as z from 'zod'

import { describeDiscussion, parseDiscussion, VOTE_VALUES } from '../core/index.js'
import type { DiscussionView } from '../core/index.js'
import { fileKindOf } from '../node/engine/index.js'
import { CliError } from './errors.js'
import type { Input } from './io.js'

const voteSchema = z.enum(VOTE_VALUES)

/** The part of `parse` output the pipeline tools rely on; other keys pass through untouched. */
const parseOutputSchema = z.looseObject({
  template: z.string().nullable().default(null),
  phase: z.string().nullable().default(null),
  participants: z.array(z.string()).default([]),
  // Every `parse` output has votes; JSON without them is something else piped in by mistake.
  votes: z.record(z.string(), voteSchema),
  comments: z
    .array(
      z.looseObject({
        author: z.string(),
        vote: voteSchema.nullable().default(null),
        mentions: z.array(z.string()).default([]),
        line: z.number().int().default(0),
      }),
    )
    .default([]),
})

export type PipelineView = Pick<DiscussionView, 'participants' | 'votes'> & {
  template?: string | null
  phase?: string | null
  comments: {
    author: string
    vote: DiscussionView['votes'][string] | null
    mentions: string[]
    line: number
  }[]
}

export function readDiscussionView(input: Input): PipelineView {
  const text = input.text.trimStart()
  if (!text.startsWith('{') && !text.startsWith('[')) return discussionFrom(input)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new CliError(
      `${input.source}: not valid JSON (${(error as Error).message}). Pipe \`discussions parse FILE\` output or give a discussion file.`,
    )
  }
  const result = parseOutputSchema.safeParse(json)
  if (!result.success && (json === null || typeof json !== 'object' || Array.isArray(json)))
    throw new CliError(
      `${input.source}: JSON, but not \`discussions parse\` output (an object with votes and comments). Pipe \`discussions parse FILE\` output or give a discussion file.`,
    )
  if (!result.success) {
    const issue = result.error.issues[0]
    const where = issue?.path.join('.') || '(top level)'
    throw new CliError(
      `${input.source}: not \`discussions parse\` output: ${where}: ${issue?.message ?? 'unexpected shape'}.`,
    )
  }
  return result.data
}

/**
 * Text that is a discussion: one with the `<!-- DISCUSSION -->` header, or at least headers or
 * comment blocks the parser finds. Anything else (a log, binary, a stray file) is refused, since
 * counting no votes in it would answer a question nobody asked.
 */
function discussionFrom(input: Input): PipelineView {
  const kind = fileKindOf(Buffer.from(input.text.slice(0, 8192), 'utf8'))
  const parsed = parseDiscussion(input.text)
  const looksLikeOne =
    kind === 'discussion' ||
    (kind !== 'binary' && (parsed.headers.length > 0 || parsed.comments.length > 0))
  if (!looksLikeOne)
    throw new CliError(
      `${input.source}: ${kind === 'binary' ? 'binary data' : kind === 'empty' ? 'empty' : 'neither a discussion nor `discussions parse` output'}. Pipe \`discussions parse FILE\` output or give a discussion file.`,
    )
  return describeDiscussion(parsed)
}
