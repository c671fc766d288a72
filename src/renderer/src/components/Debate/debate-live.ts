/**
 * What the view knows of a run: its id, its progress (core's reducer, seeded from debates:read
 * so a view opened mid-run shows the same), and how it ended when it ended without an outcome.
 */
import { NO_PROGRESS, reduceDebateProgress } from '../../../../core/debate/progress'
import type { DebateRunProgress } from '../../../../core/debate/progress'
import type { DebateProgress } from '../../../../shared/contract'

export interface DebateLive {
  runId: string | null
  progress: DebateRunProgress
  /** Set when the run ended without an outcome (cancelled, failed), for one line in the view. */
  ended: string | null
}

export const IDLE: DebateLive = { runId: null, progress: NO_PROGRESS, ended: null }

export function reduceDebateLive(live: DebateLive, event: DebateProgress): DebateLive {
  if (event.kind === 'error') return { ...live, runId: null, ended: event.message }
  if (event.kind === 'finished')
    return {
      ...live,
      runId: null,
      ended: event.cancelled
        ? 'Cancelled; every answer that arrived is saved. Resume continues from there.'
        : null,
    }
  return {
    runId: event.runId,
    progress: reduceDebateProgress(live.progress, event.event),
    ended: null,
  }
}
