/**
 * What the view knows of a run: its id, its progress (core's reducer, seeded from debates:read
 * so a view opened mid-run shows the same), and how it ended when it ended without an outcome.
 */
import { NO_PROGRESS, reduceDebateProgress } from '@core/debate/progress'
import type { DebateRunProgress } from '@core/debate/progress'
import type { DebateProgress } from '@shared/contract'

export interface DebateLive {
  runId: string | null
  progress: DebateRunProgress
  /** Set when the run ended without an outcome (cancelled, failed), for one line in the view. */
  ended: string | null
  /** Whether the run ended because the person cancelled it: a choice, told in grey, not a failure. */
  cancelled?: boolean
  /**
   * Runs already over. A short run can finish before the reply that names it (or a read that
   * still saw it running) arrives; such a late word must not bring the run back as RUNNING.
   */
  finished: readonly string[]
}

export const IDLE: DebateLive = { runId: null, progress: NO_PROGRESS, ended: null, finished: [] }

export function reduceDebateLive(live: DebateLive, event: DebateProgress): DebateLive {
  const finished = [...live.finished, event.runId]
  if (event.kind === 'error') return { ...live, runId: null, ended: event.message, finished }
  if (event.kind === 'finished')
    return {
      ...live,
      runId: null,
      ended: event.cancelled
        ? 'Cancelled; every answer that arrived is saved. Resume continues from there.'
        : event.budgetStopped
          ? 'The budget stopped the debate between steps: every answer that arrived is saved, the steps left were not run. Resume continues from there, under the budget in force.'
          : null,
      // A budget stop is the cap doing its work, told in grey like a cancel, not as a failure.
      cancelled: event.cancelled || event.budgetStopped,
      finished,
    }
  if (live.finished.includes(event.runId)) return live
  return {
    ...live,
    runId: event.runId,
    progress: reduceDebateProgress(live.progress, event.event),
    ended: null,
  }
}

/**
 * Follows run `runId` (just started, or found running by a read), from `progress` when given;
 * a run already over, or the one already followed, is left as it is.
 */
export function adoptDebateRun(
  live: DebateLive,
  runId: string,
  progress: DebateRunProgress = NO_PROGRESS,
): DebateLive {
  if (live.finished.includes(runId) || live.runId === runId) return live
  return { ...live, runId, progress, ended: null }
}
