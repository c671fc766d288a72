/**
 * Debates (propose, critique, defend, vote with weights until a supermajority, else the human
 * decides) on the turn's pattern: `run_debate` creates the debate's file and starts it, answering
 * with its run id at once; `debate_status` waits up to `wait_s` and says where it stands.
 */
import * as z from 'zod'

import { NO_PROGRESS, reduceDebateProgress } from '../../core/debate/progress.js'
import type { DebateRunProgress } from '../../core/debate/progress.js'
import { summarizeDebate } from '../../core/debate/summary.js'
import type { McpContext } from '../context.js'
import { defineTool } from '../define-tool.js'
import { progressNotifier } from '../progress-notifier.js'
import {
  excerpt,
  MAX_WAIT_S,
  runStatus,
  runStatusSchema,
  startedSchema,
  waitInput,
} from './run-status.js'

/** What a status shows of each proposal; the file holds the whole. */
const PROPOSAL_CHARS = 600

export function registerDebateTools(context: McpContext): void {
  const { mcp, folder, runs } = context
  const engine = folder.engine

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
      output: startedSchema,
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
      input: waitInput,
      output: runStatusSchema.extend({
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
        ...runStatus(run, folder),
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
