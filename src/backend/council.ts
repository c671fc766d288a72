/**
 * council:start, council:resume, council:cancel, council:read. A council runs in the background:
 * start and resume answer at once with a run id, and its progress goes to every window as
 * `council:progress` events, streamed text included (a few times a second per call); each answer
 * shows in full once saved (the file is the truth, and `discussion:changed` follows every append).
 */

import type { Engine } from '../node/engine/index.js'
import type { Engines } from './infra/engines.js'
import { BackendError } from './infra/errors.js'
import type { EventListener } from './index.js'
import type { Handlers } from './infra/router.js'
import { errorMessage } from './infra/router.js'
import type { Workspace } from '../node/engine/index.js'

/** How often a call's streamed text is sent to the windows. */
const STREAM_MS = 150

type CouncilHandlers = Pick<
  Handlers,
  'council:start' | 'council:resume' | 'council:cancel' | 'council:read'
>

export function councilHandlers(
  workspace: Workspace,
  engines: Engines,
  emit: EventListener,
): CouncilHandlers & { cancelAll: () => void } {
  const running = new Map<string, { path: string; controller: AbortController }>()
  const runningOn = (path: string): string | null =>
    [...running].find(([, run]) => run.path === path)?.[0] ?? null

  const launch = (engine: Engine, path: string): string => {
    if (runningOn(path))
      throw new BackendError('This council is already running; wait for it or cancel it.')
    const runId = crypto.randomUUID()
    const controller = new AbortController()
    const streamed = new Map<string, number>()
    running.set(runId, { path, controller })
    void engine
      .resumeCouncil(path, {
        signal: controller.signal,
        onEvent: (event) => {
          // Streamed text goes out at most every STREAM_MS per call, with the text so far.
          if (event.type === 'text') {
            const now = Date.now()
            if (now - (streamed.get(event.label) ?? 0) < STREAM_MS) return
            streamed.set(event.label, now)
          }
          emit('council:progress', { runId, path, kind: 'event', event })
        },
      })
      .then(
        (result) =>
          emit('council:progress', {
            runId,
            path,
            kind: 'finished',
            complete: result.complete,
            cancelled: result.cancelled,
            failed: result.failed,
          }),
        (error: unknown) =>
          emit('council:progress', { runId, path, kind: 'error', message: errorMessage(error) }),
      )
      .finally(() => running.delete(runId))
    return runId
  }

  return {
    'council:start': async ({ folder, ...request }) => {
      const inside = await workspace.resolveFolder(folder)
      const engine = await engines.for(inside.folder)
      const path = await engine.createCouncil({ ...request, dir: inside.path })
      return { path, runId: launch(engine, path) }
    },

    'council:resume': async ({ path }) => {
      const inside = await workspace.resolveInside(path)
      const engine = await engines.for(inside.folder)
      await engine.readCouncil(inside.path) // a clear message for a file that is no council
      return { runId: launch(engine, inside.path) }
    },

    'council:cancel': ({ runId }) => {
      const run = running.get(runId)
      run?.controller.abort()
      return Promise.resolve({ cancelled: run !== undefined })
    },

    'council:read': async ({ path }) => {
      const inside = await workspace.resolveInside(path)
      const engine = await engines.for(inside.folder)
      return { ...(await engine.readCouncil(inside.path)), running: runningOn(inside.path) }
    },

    cancelAll: () => {
      for (const run of running.values()) run.controller.abort()
    },
  }
}
