/**
 * What the tools that start and follow runs (turns, councils, debates) share: how long a status
 * call may wait, its input, the states a run is in, the answer a start gives, excerpts of long
 * texts, and the one check on a provider a client names.
 */
import * as z from 'zod'

import { DiscussionError } from '../../core/errors.js'
import type { McpContext } from '../context.js'
import type { Run } from '../runs.js'
import type { ServedFolder } from '../served-folder.js'

/** The longest a status call waits: clients give a tool about 60 s. */
export const MAX_WAIT_S = 50

export const waitInput = z.strictObject({
  run_id: z.string(),
  wait_s: z
    .number()
    .min(0)
    .max(MAX_WAIT_S)
    .optional()
    .describe('Seconds to wait for a change (default 0)'),
})

export const startedSchema = z.object({ run_id: z.string(), path: z.string() })

/** What every status says first: which run, on which file, in what state, and why it failed. */
export const runStatusSchema = startedSchema.extend({
  state: z.enum(['running', 'finished', 'failed', 'cancelled']),
  error: z.string().nullable(),
})

export function runStatus(
  run: Run<unknown>,
  folder: ServedFolder,
): z.output<typeof runStatusSchema> {
  return { run_id: run.id, path: folder.shown(run.path), state: run.state, error: run.error }
}

/** The start of a long text, and whether that is all of it. */
export const excerpt = (text: string, chars: number): { text: string; truncated: boolean } => ({
  text: text.slice(0, chars),
  truncated: text.length > chars,
})

/** Checks that `provider` is one the user configured (a client chooses, never defines, one). */
export async function requireProvider(
  context: McpContext,
  provider: string | undefined,
): Promise<void> {
  if (provider === undefined) return
  const { available } = await context.folder.engine.providers()
  if (!available.has(provider))
    throw new DiscussionError(
      `No provider named "${provider}"; configured: ${[...available.keys()].join(', ')}.`,
    )
}
