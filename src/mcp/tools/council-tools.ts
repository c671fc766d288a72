/**
 * Councils (advisors and a referee, or D/P groups and a meta-arbiter) on the turn's pattern:
 * `run_council` creates the council's file and starts it, answering with its run id at once;
 * `council_status` waits up to `wait_s` and says where it stands, with the synthesis once written.
 */
import * as z from 'zod'

import {
  COUNCIL_FLOWS,
  COUNCIL_MODES,
  COUNCIL_TIERS,
  MAX_ROUNDS,
} from '../../core/council/modes.js'
import { NO_COUNCIL_PROGRESS, reduceCouncilProgress } from '../../core/council/progress.js'
import type { CouncilRunProgress } from '../../core/council/progress.js'
import type { PlannedCallInfo } from '../../core/council/events.js'
import type { McpContext } from '../context.js'
import { defineTool } from '../define-tool.js'
import { progressNotifier } from '../progress-notifier.js'
import {
  excerpt,
  MAX_WAIT_S,
  requireProvider,
  runStatus,
  runStatusSchema,
  startedSchema,
  waitInput,
} from './run-status.js'

/** What a status shows of the synthesis; the file holds the whole. */
const EXCERPT_CHARS = 2_000

interface CouncilRunState {
  plan: PlannedCallInfo[]
  done: string[]
  calls: CouncilRunProgress
}

export function registerCouncilTools(context: McpContext): void {
  const { mcp, folder, runs } = context
  const engine = folder.engine

  defineTool(
    mcp,
    folder.root,
    'run_council',
    {
      title: 'Ask a council',
      description:
        'Creates a council discussion for a question and runs it in the background: advisors answer (in parallel, in sequence or in debate rounds) and a referee writes the synthesis. Returns a run id at once: poll council_status with it.',
      input: z.strictObject({
        question: z.string().min(1).max(10_000),
        mode: z
          .enum(COUNCIL_MODES)
          .optional()
          .describe('personality (advisors and a referee) or dp (D/P groups)'),
        flow: z.enum(COUNCIL_FLOWS).optional(),
        rounds: z.int().min(1).max(MAX_ROUNDS).optional(),
        tier: z.enum(COUNCIL_TIERS).optional(),
        rank: z.boolean().optional().describe('Advisors rank each other before the referee'),
        provider: z.string().optional().describe('One of the configured providers for every role'),
        folder: z.string().optional().describe('A folder inside the served one for the file'),
      }),
      output: startedSchema,
    },
    async (args) => {
      await requireProvider(context, args.provider)
      // The file first (it names the run), then the run on it, as `council resume` runs one.
      const file = await engine.createCouncil({
        question: args.question,
        mode: args.mode,
        flow: args.flow,
        rounds: args.rounds,
        tier: args.tier,
        rank: args.rank,
        ...(args.provider !== undefined ? { provider: args.provider } : {}),
        dir: await folder.folder(args.folder),
      })
      await context.follow(file)
      const initial: CouncilRunState = { plan: [], done: [], calls: NO_COUNCIL_PROGRESS }
      const run = runs.start('council', file, initial, async (run, signal) => {
        const result = await engine.resumeCouncil(file, {
          signal,
          onEvent: (event) => {
            const state = run.progress
            run.update(
              {
                plan: event.type === 'plan' ? event.calls : state.plan,
                done: event.type === 'done' ? [...state.done, event.label] : state.done,
                calls: reduceCouncilProgress(state.calls, event),
              },
              event.type !== 'text',
            )
          },
        })
        return { cancelled: result.cancelled }
      })
      return { run_id: run.id, path: folder.shown(run.path) }
    },
  )

  defineTool(
    mcp,
    folder.root,
    'council_status',
    {
      title: 'Follow a council',
      description: `Waits up to wait_s seconds (at most ${MAX_WAIT_S}) for the council to move, then returns each call's state and, once written, the synthesis.`,
      input: waitInput,
      output: runStatusSchema.extend({
        calls: z.array(
          z.object({
            label: z.string(),
            role: z.string(),
            state: z.enum(['waiting', 'thinking', 'done', 'failed']),
            reason: z.string().nullable(),
          }),
        ),
        complete: z.boolean().describe('Every call answered and the synthesis written'),
        synthesis: z
          .object({ author: z.string(), text: z.string(), truncated: z.boolean() })
          .nullable(),
      }),
      annotations: { readOnlyHint: true },
    },
    async (args, ctx) => {
      const run = runs.get<CouncilRunState>(args.run_id, 'council')
      const notify = progressNotifier(ctx)
      const line = (): string => {
        const { plan, done, calls } = run.progress
        return [
          `${done.length} of ${plan.length} calls answered`,
          ...calls.thinking.map((label) => `${label} thinking`),
        ].join('; ')
      }
      await run.wait(args.wait_s ?? 0, ctx.mcpReq.signal, () => notify(line()))
      const view = await engine.readCouncil(run.path)
      const { plan, done, calls } = run.progress
      return {
        ...runStatus(run, folder),
        calls: plan.map((call) => ({
          label: call.label,
          role: call.role,
          state:
            call.done || done.includes(call.label)
              ? ('done' as const)
              : calls.failed[call.label] !== undefined
                ? ('failed' as const)
                : calls.thinking.includes(call.label)
                  ? ('thinking' as const)
                  : ('waiting' as const),
          reason: calls.failed[call.label] ?? null,
        })),
        complete: view.complete,
        synthesis: view.synthesis
          ? { author: view.synthesis.author, ...excerpt(view.synthesis.text, EXCERPT_CHARS) }
          : null,
      }
    },
  )
}
