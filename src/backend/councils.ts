/**
 * councils:start, councils:resume, councils:cancel, councils:read. A council runs in the background:
 * start and resume answer at once with a run id, and its progress goes to every window as
 * `councils:progress` events, streamed text included (a few times a second per call); each answer
 * shows in full once saved (the file is the truth, and `discussions:changed` follows every append).
 * Core's council view, events and progress have the shapes of the contract's schemas
 * (`contract/councils.ts`), so handing them on is the mapping: a changed or missing field fails the
 * type check here, and one core adds that the contract lacks fails council-debate-wire.test.ts.
 */
import { NO_COUNCIL_PROGRESS, reduceCouncilProgress } from '../core/council/progress.js'
import type { CouncilRunProgress } from '../core/council/progress.js'
import type { CouncilEvent } from '../core/council/events.js'
import type { Engine } from '../node/engine/index.js'
import { BackgroundRuns } from './infra/background-runs.js'
import { StreamThrottle } from './infra/stream-throttle.js'
import type { Engines } from './infra/engines.js'
import type { EventListener } from './infra/context.js'
import type { Handlers } from './infra/router.js'
import { errorMessage } from './infra/router.js'
import type { Workspace } from '../node/engine/index.js'
import type { RunCapsInfo } from '../shared/contract/index.js'

/** How often a call's streamed text is sent to the windows. */
const STREAM_MS = 150

type CouncilHandlers = Pick<
  Handlers,
  | 'councils:start'
  | 'councils:resume'
  | 'councils:cancel'
  | 'councils:read'
  | 'councils:estimate'
  | 'councils:resumeEstimate'
>

export function councilHandlers(
  workspace: Workspace,
  engines: Engines,
  emit: EventListener,
): CouncilHandlers & { cancelAll: () => void } {
  const runs = new BackgroundRuns('council')
  const progress = new Map<string, CouncilRunProgress>() // by run id, while it runs

  const launch = (engine: Engine, path: string, caps: RunCapsInfo = {}): string =>
    runs.launch(
      path,
      (runId, signal) => {
        const send = (event: CouncilEvent): void =>
          emit('councils:progress', { runId, path, kind: 'event', event })
        const streams = new StreamThrottle(STREAM_MS, send)
        return engine
          .resumeCouncil(path, {
            signal,
            caps,
            onEvent: (event) => {
              progress.set(
                runId,
                reduceCouncilProgress(progress.get(runId) ?? NO_COUNCIL_PROGRESS, event),
              )
              if (event.type === 'text') return streams.text(event)
              // A call's end supersedes its text still held back.
              if ('label' in event) streams.drop(event.label)
              send(event)
            },
          })
          .finally(() => streams.dropAll())
      },
      ({ runId, outcome }) => {
        progress.delete(runId)
        emit(
          'councils:progress',
          outcome.ok
            ? {
                runId,
                path,
                kind: 'finished',
                complete: outcome.result.complete,
                cancelled: outcome.result.cancelled,
                budgetStopped: outcome.result.budgetStopped,
                failed: outcome.result.failed,
              }
            : { runId, path, kind: 'error', message: errorMessage(outcome.error) },
        )
      },
    )

  return {
    'councils:start': async ({ folder, caps, ...request }) => {
      const inside = await workspace.resolveFolder(folder)
      const engine = await engines.for(inside.folder)
      const path = await engine.createCouncil({ ...request, dir: inside.path })
      return { path, runId: launch(engine, path, caps) }
    },

    'councils:resume': async ({ path, caps }) => {
      const inside = await workspace.resolveInside(path)
      const engine = await engines.for(inside.folder)
      await engine.readCouncil(inside.path) // a clear message for a file that is no council
      return { runId: launch(engine, inside.path, caps) }
    },

    'councils:estimate': async ({ folder, caps, ...request }) => {
      const inside = await workspace.resolveFolder(folder)
      const engine = await engines.for(inside.folder)
      const estimate = await engine.estimateCouncil({ ...request, dir: inside.path })
      return { ...estimate, budget: await engine.estimateBudget(estimate, caps ?? {}, null) }
    },

    'councils:resumeEstimate': async ({ path, caps }) => {
      const inside = await workspace.resolveInside(path)
      const engine = await engines.for(inside.folder)
      const estimate = await engine.estimateCouncilResume(inside.path)
      return { ...estimate, budget: await engine.estimateBudget(estimate, caps ?? {}, null) }
    },

    'councils:cancel': ({ runId }) => Promise.resolve({ cancelled: runs.cancel(runId) }),

    'councils:read': async ({ path }) => {
      const inside = await workspace.resolveInside(path)
      const engine = await engines.for(inside.folder)
      const running = runs.on(inside.path)
      return {
        ...(await engine.readCouncil(inside.path)),
        running,
        progress: running ? (progress.get(running) ?? NO_COUNCIL_PROGRESS) : null,
      }
    },

    cancelAll: () => runs.cancelAll(),
  }
}
