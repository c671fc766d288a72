/**
 * debates:start, debates:resume, debates:cancel, debates:read, debates:decide. A debate runs in
 * the background: start and resume answer at once with a run id, and its progress goes to every
 * window as `debates:progress` events (the file is the truth; `discussions:changed` follows appends).
 * Core's debate summary, events, outcome and progress have the shapes of the contract's schemas
 * (`contract/debates.ts`), so handing them on is the mapping: a changed or missing field fails the
 * type check here, and one core adds that the contract lacks fails council-debate-wire.test.ts.
 */
import { NO_PROGRESS, reduceDebateProgress } from '../core/debate/progress.js'
import type { DebateState } from '../core/debate/model.js'
import type { DebateRunProgress } from '../core/debate/progress.js'
import { summarizeDebate } from '../core/debate/summary.js'
import { headerValue } from '../core/format/headers.js'
import type { DebateStatus, RunCapsInfo } from '../shared/contract/index.js'
import type { ValidRequest } from '../shared/contract/index.js'
import { BackgroundRuns } from './infra/background-runs.js'
import type { BackendContext, DomainHandlers } from './infra/context.js'
import { errorMessage } from './infra/router.js'
import type { Engine, NewDebate } from '../node/engine/index.js'

type DebatesRequest = ValidRequest<'debates:start'>

/** The proposals still in play: a run-off's, else the last round's, else every one. */
function inPlay(state: DebateState): string[] {
  const last = state.rounds.at(-1)
  if (last?.result?.kind === 'runoff') return last.result.proposals
  return last?.candidates ?? state.proposals.map((p) => p.id)
}

/** A new debate as the dialog asks for it, in the engine's terms (aliases bare, weights in hundredths). */
function newDebateOf(request: Omit<DebatesRequest, 'folder' | 'caps'>, dir: string): NewDebate {
  const { title, context, participants, weights, maxRounds } = request
  return {
    title,
    ...(context !== undefined ? { context } : {}),
    ...(participants !== undefined
      ? { participants: participants.map((alias) => alias.replace(/^@/, '')) }
      : {}),
    // The file keeps hundredths, as `--weights architect=1.5` does.
    ...(weights !== undefined
      ? {
          weights: Object.fromEntries(
            Object.entries(weights).map(([alias, weight]) => [
              alias.replace(/^@/, '').toLowerCase(),
              Math.round(weight * 100),
            ]),
          ),
        }
      : {}),
    ...(maxRounds !== undefined ? { settings: { maxRounds } } : {}),
    dir,
  }
}

const SETTLED: readonly DebateStatus[] = ['CONSENSUS', 'ESCALATED', 'ACCEPTED', 'REJECTED']

export function debatesHandlers({
  workspace,
  engines,
  emit,
}: BackendContext): DomainHandlers<'debates'> {
  const runs = new BackgroundRuns('debate')
  const progress = new Map<string, DebateRunProgress>() // by run id, while it runs

  const launch = (engine: Engine, path: string, caps: RunCapsInfo = {}): string =>
    runs.launch(
      path,
      (runId, signal) =>
        engine.resumeDebate(path, {
          signal,
          caps,
          onEvent: (event) => {
            progress.set(runId, reduceDebateProgress(progress.get(runId) ?? NO_PROGRESS, event))
            emit('debates:progress', { runId, path, kind: 'event', event })
          },
        }),
      ({ runId, outcome }) => {
        progress.delete(runId)
        emit(
          'debates:progress',
          outcome.ok
            ? {
                runId,
                path,
                kind: 'finished',
                cancelled: outcome.result.cancelled,
                budgetStopped: outcome.result.budgetStopped,
                outcome: outcome.result.state.outcome,
              }
            : { runId, path, kind: 'error', message: errorMessage(outcome.error) },
        )
      },
    )

  return {
    handlers: {
      'debates:start': async ({ folder, caps, ...request }) => {
        const inside = await workspace.resolveFolder(folder)
        const engine = await engines.for(inside.folder)
        const path = await engine.createDebate(newDebateOf(request, inside.path))
        return { path, runId: launch(engine, path, caps) }
      },

      'debates:estimate': async ({ folder, caps, ...request }) => {
        const inside = await workspace.resolveFolder(folder)
        const engine = await engines.for(inside.folder)
        // While the topic is still blank, the estimate stands a short one in for it.
        const title = request.title.trim() === '' ? 'The question' : request.title
        const estimate = await engine.estimateNewDebate(
          newDebateOf({ ...request, title }, inside.path),
        )
        return { ...estimate, budget: await engine.estimateBudget(estimate, caps ?? {}, null) }
      },

      'debates:resume': async ({ path, caps }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        await engine.readDebate(inside.path) // a clear message for a file that is no debate
        return { runId: launch(engine, inside.path, caps) }
      },

      'debates:resumeEstimate': async ({ path, caps }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        const estimate = await engine.estimateDebate(inside.path)
        return { ...estimate, budget: await engine.estimateBudget(estimate, caps ?? {}, null) }
      },

      'debates:cancel': ({ runId }) => Promise.resolve({ cancelled: runs.cancel(runId) }),

      'debates:read': async ({ path }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        const { state, path: file, parsed } = await engine.readDebate(inside.path)
        const summary = summarizeDebate(state)
        const running = runs.on(inside.path)
        const written = headerValue(parsed, 'Status')?.toUpperCase() ?? 'OPEN'
        const status: DebateStatus = running
          ? 'RUNNING'
          : (SETTLED.find((settled) => settled === written) ?? 'OPEN')
        return {
          ...summary,
          path: file,
          status,
          running,
          inPlay: inPlay(state),
          progress: running ? (progress.get(running) ?? NO_PROGRESS) : null,
        }
      },

      'debates:decide': async ({ path, accept, reason }) => {
        const inside = await workspace.resolveInside(path)
        const engine = await engines.for(inside.folder)
        return engine.decideDebate(
          inside.path,
          accept !== undefined ? { accept } : { reject: true },
          reason !== undefined ? { reason } : {},
        )
      },
    },
    close: () => runs.cancelAll(),
  }
}
