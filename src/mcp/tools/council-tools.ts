/**
 * Councils (advisors and a referee, or D/P groups and a meta-arbiter) and debates (propose,
 * critique, defend, vote) on the turn's pattern: `run_council` / `run_debate` create the file and
 * start the run, answering with its id at once; `council_status` / `debate_status` wait up to
 * `wait_s` and say where it stands, with the result once it is written.
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
import { NO_PROGRESS, reduceDebateProgress } from '../../core/debate/progress.js'
import type { DebateRunProgress } from '../../core/debate/progress.js'
import { summarizeDebate } from '../../core/debate/summary.js'
import type { McpContext } from '../context.js'
import { defineTool } from '../define-tool.js'
import { progressNotifier } from '../progress-notifier.js'
import { MAX_WAIT_S, requireProvider } from './turn-tools.js'

/** What the synthesis and each proposal show of their text; the file holds the whole. */
const EXCERPT_CHARS = 2_000
const PROPOSAL_CHARS = 600

const runState = z.enum(['running', 'finished', 'failed', 'cancelled'])
const waitInput = {
  run_id: z.string(),
  wait_s: z
    .number()
    .min(0)
    .max(MAX_WAIT_S)
    .optional()
    .describe('Seconds to wait for a change (default 0)'),
}
const started = z.object({ run_id: z.string(), path: z.string() })

interface CouncilRunState {
  plan: PlannedCallInfo[]
  done: string[]
  calls: CouncilRunProgress
}

const excerpt = (text: string, chars: number): { text: string; truncated: boolean } => ({
  text: text.slice(0, chars),
  truncated: text.length > chars,
})

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
      output: started,
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
      input: z.strictObject(waitInput),
      output: z.object({
        run_id: z.string(),
        path: z.string(),
        state: runState,
        error: z.string().nullable(),
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
        run_id: run.id,
        path: folder.shown(run.path),
        state: run.state,
        error: run.error,
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

  defineTool(
    mcp,
    folder.root,
    'run_debate',
    {
      title: 'Start a debate',
      description:
        'Creates a debate (propose, critique, defend, vote with weights until a 2/3 supermajority, else the human decides) and runs it in the background. Returns a run id at once: poll debate_status with it.',
      input: z.strictObject({
        title: z.string().min(1).max(200).describe('What the debate should decide'),
        context: z.string().max(50_000).optional().describe('Background the participants need'),
        participants: z
          .array(z.string().min(1))
          .optional()
          .describe('Persona aliases (at least two)'),
        max_rounds: z
          .int()
          .min(1)
          .max(10)
          .optional()
          .describe('Rounds before the human decides (default 3)'),
        folder: z.string().optional().describe('A folder inside the served one for the file'),
      }),
      output: started,
    },
    async (args) => {
      const file = await engine.createDebate({
        title: args.title,
        ...(args.context !== undefined ? { context: args.context } : {}),
        ...(args.participants !== undefined ? { participants: args.participants } : {}),
        ...(args.max_rounds !== undefined ? { settings: { maxRounds: args.max_rounds } } : {}),
        dir: await folder.folder(args.folder),
      })
      await context.follow(file)
      const run = runs.start<DebateRunProgress>(
        'debate',
        file,
        NO_PROGRESS,
        async (run, signal) => {
          const result = await engine.resumeDebate(file, {
            signal,
            onEvent: (event) =>
              run.update(
                reduceDebateProgress(run.progress, event),
                event.type !== 'participant-text',
              ),
          })
          return { cancelled: result.cancelled }
        },
      )
      return { run_id: run.id, path: folder.shown(run.path) }
    },
  )

  defineTool(
    mcp,
    folder.root,
    'debate_status',
    {
      title: 'Follow a debate',
      description: `Waits up to wait_s seconds (at most ${MAX_WAIT_S}) for the debate to move, then says where it stands: the round, who is writing, each proposal, the tallies and the outcome.`,
      input: z.strictObject(waitInput),
      output: z.object({
        run_id: z.string(),
        path: z.string(),
        state: runState,
        error: z.string().nullable(),
        standing: z.string().describe('Where the debate stands, in words'),
        round: z.number().nullable(),
        writing: z.array(z.string()).describe('Participants writing now'),
        proposals: z.array(
          z.object({
            id: z.string(),
            author: z.string(),
            text: z.string(),
            truncated: z.boolean(),
            blocking_critiques: z.number(),
          }),
        ),
        outcome: z
          .string()
          .nullable()
          .describe('consensus, accepted, rejected or escalated; null while open'),
      }),
      annotations: { readOnlyHint: true },
    },
    async (args, ctx) => {
      const run = runs.get<DebateRunProgress>(args.run_id, 'debate')
      const notify = progressNotifier(ctx)
      const writing = (): string[] =>
        Object.entries(run.progress.phases.at(-1)?.participants ?? {})
          .filter(([, progress]) => progress.state === 'writing')
          .map(([alias]) => alias)
      const line = (): string => {
        const phase = run.progress.phases.at(-1)?.phase
        return [
          `round ${run.progress.round ?? '-'}${phase ? `, ${phase}` : ''}`,
          ...writing().map((alias) => `${alias} writing`),
        ].join('; ')
      }
      await run.wait(args.wait_s ?? 0, ctx.mcpReq.signal, () => notify(line()))
      const summary = summarizeDebate((await engine.readDebate(run.path)).state)
      return {
        run_id: run.id,
        path: folder.shown(run.path),
        state: run.state,
        error: run.error,
        standing: summary.standing,
        round: run.progress.round,
        writing: writing(),
        proposals: summary.proposals.map((proposal) => ({
          id: proposal.id,
          author: proposal.author,
          ...excerpt(proposal.current, PROPOSAL_CHARS),
          blocking_critiques: proposal.critiques.blocking.length,
        })),
        outcome: summary.outcome?.kind ?? null,
      }
    },
  )
}
