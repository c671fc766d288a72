/**
 * `votes` and `route` read what `parse` prints, or a discussion file directly, so both
 * `discussions parse f.md | discussions votes` and `discussions votes f.md` work.
 */
import { z } from 'zod'

import { describeDiscussion, parseDiscussion, VOTE_VALUES } from '../core/index.js'
import type { DiscussionView } from '../core/index.js'
import { CliError } from './errors.js'
import type { Input } from './io.js'

const voteSchema = z.enum(VOTE_VALUES)

/** The part of `parse` output the pipeline tools rely on; other keys pass through untouched. */
const parseOutputSchema = z.looseObject({
  participants: z.array(z.string()).default([]),
  votes: z.record(z.string(), voteSchema).default({}),
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
  comments: {
    author: string
    vote: DiscussionView['votes'][string] | null
    mentions: string[]
    line: number
  }[]
}

export function readDiscussionView(input: Input): PipelineView {
  const text = input.text.trimStart()
  if (!text.startsWith('{')) return describeDiscussion(parseDiscussion(input.text))
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new CliError(
      `${input.source}: not valid JSON (${(error as Error).message}). Pipe \`discussions parse FILE\` output or give a discussion file.`,
    )
  }
  const result = parseOutputSchema.safeParse(json)
  if (!result.success) {
    const issue = result.error.issues[0]
    const where = issue?.path.join('.') || '(top level)'
    throw new CliError(
      `${input.source}: not \`discussions parse\` output: ${where}: ${issue?.message ?? 'unexpected shape'}.`,
    )
  }
  return result.data
}
