/**
 * `run_turn` starts a turn and answers with its run id as soon as the personas are asked (a
 * refusal, such as an unknown persona, comes back at once instead); `turn_status` waits up to
 * `wait_s` for the turn to move, sending progress notifications meanwhile, and returns each
 * persona's state and, once saved, the answers.
 */
import * as z from 'zod'

import { DiscussionError } from '../../core/errors.js'
import {
  endTurnProgress,
  reduceTurnProgress,
  startTurnProgress,
} from '../../core/turns/progress.js'
import type { TurnRunProgress } from '../../core/turns/progress.js'
import type { TurnResult } from '../../core/turns/run-turn.js'
import type { McpContext } from '../context.js'
import { defineTool } from '../define-tool.js'
import { progressNotifier } from '../progress-notifier.js'
import { voteSchema } from '../schemas.js'
import { MAX_WAIT_S, requireProvider, runStatus, runStatusSchema, waitInput } from './run-status.js'
import type { Run } from '../runs.js'
import { participantState, participantStateSchema, progressLine } from '../turn-progress.js'

/** Answer text a status carries: each answer's start, the whole in read_discussion. */
const ANSWER_CHARS = 1_500
const ANSWERS_CHARS = 8_000

export type TurnRunState = TurnRunProgress & {
  result: Pick<TurnResult, 'usage' | 'costUsd' | 'cancelled'> | null
}

export interface TurnRequest {
  participants?: readonly string[]
  callout?: string
  provider?: string
}

/**
 * Starts a turn on `file` in the background. Its refusals (a file that cannot be saved to, a name
 * no persona answers to, an unknown provider) come first, as this call's error; then it resolves
 * with the run once the turn has asked its participants.
 */
export async function startTurn(
  context: McpContext,
  file: string,
  request: TurnRequest,
): Promise<Run<TurnRunState>> {
  await requireProvider(context, request.provider)
  const controller = new AbortController()
  // The run exists once the turn is prepared; its events begin only when it runs.
  const current: { run?: Run<TurnRunState> } = {}
  let asked = (): void => {}
  const askedAll = new Promise<void>((resolve) => (asked = resolve))
  const turn = await context.folder.engine.prepareTurn(file, {
    ...(request.participants && request.participants.length > 0
      ? { participants: request.participants }
      : {}),
    ...(request.callout !== undefined && request.callout.trim() !== ''
      ? { callout: request.callout }
      : {}),
    ...(request.provider !== undefined ? { provider: request.provider } : {}),
    signal: controller.signal,
    onEvent: (event) => {
      const { run } = current
      run?.update(reduceTurnProgress(run.progress, event), event.type !== 'text')
      asked()
    },
  })
  const initial: TurnRunState = { ...startTurnProgress([]), result: null }
  const run = context.runs.start(
    'turn',
    file,
    initial,
    async (started) => {
      try {
        const { usage, costUsd, cancelled } = await turn.run()
        const ended = endTurnProgress(started.progress, cancelled)
        started.update({ ...ended, result: { usage, costUsd, cancelled } }, false)
        return { cancelled }
      } finally {
        asked()
      }
    },
    controller,
  )
  current.run = run
  await askedAll
  if (run.progress.rows.length === 0 && run.progress.result !== null)
    throw new DiscussionError(
      'Nobody to ask: no @mentions are pending and the discussion names no participants; name them in personas (e.g. ["architect"]).',
    )
  return run
}

const answerSchema = z.object({
  participant: z.string(),
  author: z.string(),
  vote: voteSchema.nullable(),
  index: z.number().describe('The comment index: read_discussion since_comment reads it whole'),
  text: z.string(),
  truncated: z.boolean(),
})

export function registerTurnTools(context: McpContext): void {
  const { mcp, folder, runs } = context
  const engine = folder.engine

  defineTool(
    mcp,
    folder.root,
    'run_turn',
    {
      title: 'Run a turn',
      description:
        "Asks personas for their answers, in parallel; each answer is appended to the discussion as it arrives. Returns a run id at once: poll turn_status with it. Without personas or a callout, routing decides (pending @mentions, else the phase's participants).",
      input: z.strictObject({
        path: z.string().min(1).describe('The discussion file, relative to the served folder'),
        personas: z
          .array(
            z
              .string()
              .regex(/^@?[A-Za-z][\w-]*$/, 'write a persona alias such as architect, or all'),
          )
          .optional()
          .describe('Persona aliases to ask, e.g. ["architect", "security"], or ["all"]'),
        callout: z
          .string()
          .max(10_000)
          .optional()
          .describe('What to ask the personas; may @mention them'),
        provider: z
          .string()
          .optional()
          .describe('One of the configured providers for every persona'),
      }),
      output: z.object({
        run_id: z.string(),
        path: z.string(),
        participants: z.array(z.string()),
      }),
    },
    async (args) => {
      const file = await folder.discussion(args.path)
      const run = await startTurn(context, file, {
        ...(args.personas ? { participants: args.personas } : {}),
        ...(args.callout !== undefined ? { callout: args.callout } : {}),
        ...(args.provider !== undefined ? { provider: args.provider } : {}),
      })
      return {
        run_id: run.id,
        path: folder.shown(file),
        participants: run.progress.rows.map((row) => row.alias),
      }
    },
  )

  defineTool(
    mcp,
    folder.root,
    'turn_status',
    {
      title: 'Follow a turn',
      description: `Waits up to wait_s seconds (at most ${MAX_WAIT_S}) for the turn to move, then returns each persona's state and the saved answers. Call again while state is running.`,
      input: waitInput,
      output: runStatusSchema.extend({
        participants: z.array(participantStateSchema),
        answers: z.array(answerSchema),
        phase: z
          .object({
            from: z.string(),
            to: z.string().nullable(),
            status: z.string().nullable(),
            reason: z.string().nullable(),
          })
          .nullable(),
        verdict: z.string().nullable().describe('The consensus in words, once the turn ended'),
        usage: z
          .object({
            input_tokens: z.number(),
            output_tokens: z.number(),
            estimated: z.boolean(),
            cost_usd: z.number().nullable(),
          })
          .nullable(),
      }),
      annotations: { readOnlyHint: true },
    },
    async (args, ctx) => {
      const run = runs.get<TurnRunState>(args.run_id, 'turn')
      const notify = progressNotifier(ctx)
      await run.wait(args.wait_s ?? 0, ctx.mcpReq.signal, () => notify(progressLine(run.progress)))
      const loaded = await engine.load(run.path)
      const byLine = new Map(
        loaded.view.comments.map((comment, index) => [comment.line, { comment, index }]),
      )
      let room = ANSWERS_CHARS
      const answers = run.progress.rows.flatMap((row) => {
        const saved = row.line === null ? undefined : byLine.get(row.line)
        if (!saved || row.author === null) return []
        const text = saved.comment.body.slice(0, Math.min(ANSWER_CHARS, room))
        room -= text.length
        return [
          {
            participant: row.alias,
            author: row.author,
            vote: row.vote,
            index: saved.index,
            text,
            truncated: text.length < saved.comment.body.length,
          },
        ]
      })
      const ended = run.state !== 'running'
      const result = run.progress.result
      return {
        ...runStatus(run, folder),
        participants: run.progress.rows.map(participantState),
        answers,
        phase: run.progress.phase,
        verdict: ended ? (await engine.status(loaded)).consensus.summary : null,
        usage: result
          ? {
              input_tokens: result.usage.inputTokens,
              output_tokens: result.usage.outputTokens,
              estimated: result.usage.estimated,
              cost_usd: result.costUsd,
            }
          : null,
      }
    },
  )
}
