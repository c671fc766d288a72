/**
 * What is running right now, from `councils:progress` events: the calls writing, their text so far
 * and the ones that failed in this run (core's reducer, the one the backend keeps per run). What
 * is done comes from the file (councils:read), which every append changes.
 */
import { NO_COUNCIL_PROGRESS, reduceCouncilProgress } from '@core/council/progress'
import type { CouncilRunProgress } from '@core/council/progress'
import type { CouncilProgress } from '@shared/contract'

export interface CouncilLive {
  runId: string | null
  calls: CouncilRunProgress
  /** Set when the run ended with an error or cancelled, for one line above the stages. */
  ended: string | null
  /** Whether the run ended because the person cancelled it: a choice, told in grey, not a failure. */
  cancelled?: boolean
  /**
   * Runs already over. A short run can finish before the reply that names it (or a read that
   * still saw it running) arrives; such a late word must not bring the run back as running.
   */
  finished: readonly string[]
}

export const IDLE: CouncilLive = {
  runId: null,
  calls: NO_COUNCIL_PROGRESS,
  ended: null,
  finished: [],
}

const BUDGET_STOP =
  'The budget stopped the council between steps: the answers that arrived are saved, the calls left were not made. Resume continues with the calls left, under the budget in force.'

export function reduceLive(live: CouncilLive, progress: CouncilProgress): CouncilLive {
  const finished = [...live.finished, progress.runId]
  const stopped = { ...NO_COUNCIL_PROGRESS, failed: live.calls.failed }
  if (progress.kind === 'error')
    return { ...live, runId: null, calls: stopped, ended: progress.message, finished }
  if (progress.kind === 'finished') {
    const ended = progress.cancelled
      ? 'Cancelled; the answers that arrived are saved. Resume continues.'
      : progress.budgetStopped
        ? BUDGET_STOP
        : progress.failed.length > 0
          ? `${progress.failed.length} call(s) failed; the answers that arrived are saved. Resume retries.`
          : null
    // A budget stop is the cap doing its work, told in grey like a cancel, not as a failure.
    const cancelled = progress.cancelled || progress.budgetStopped
    return { ...live, runId: null, calls: stopped, ended, cancelled, finished }
  }
  if (live.finished.includes(progress.runId)) return live
  return {
    ...live,
    runId: progress.runId,
    calls: reduceCouncilProgress(live.calls, progress.event),
    ended: null,
  }
}

/** Follows run `runId` just started; a run already over, or the one already followed, stays. */
export function adoptCouncilRun(live: CouncilLive, runId: string): CouncilLive {
  if (live.finished.includes(runId) || live.runId === runId) return live
  return { ...IDLE, finished: live.finished, runId }
}

/**
 * A view that opened (or subscribed) after a run's first words starts from the backend's record
 * of that run: the calls this view has not heard of yet are taken from it.
 */
export function adoptRecordedProgress(
  live: CouncilLive,
  runId: string,
  recorded: CouncilRunProgress,
): CouncilLive {
  if (live.finished.includes(runId)) return live
  const base = live.runId === runId ? live : { ...IDLE, finished: live.finished, runId }
  const known = (label: string): boolean =>
    base.calls.thinking.includes(label) || label in base.calls.streams
  const fresh = recorded.thinking.filter((label) => !known(label))
  if (fresh.length === 0 && base === live) return live
  return {
    ...base,
    calls: {
      thinking: [...base.calls.thinking, ...fresh],
      streams: {
        ...base.calls.streams,
        ...Object.fromEntries(
          fresh.flatMap((label) => {
            const text = recorded.streams[label]
            return text === undefined ? [] : [[label, text]]
          }),
        ),
      },
      failed: { ...recorded.failed, ...base.calls.failed },
    },
  }
}
