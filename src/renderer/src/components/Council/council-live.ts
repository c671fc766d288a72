/**
 * What is running right now, from `councils:progress` events: the calls thinking and the ones that
 * failed in this run. What is done comes from the file (councils:read), which every append changes.
 */
import type { CouncilProgress } from '../../../../shared/contract'

export interface CouncilLive {
  runId: string | null
  thinking: Set<string>
  /** The text each thinking call has written so far, as it streams. */
  streams: Map<string, string>
  failed: Map<string, string>
  /** Set when the run ended with an error or cancelled, for one line under the grid. */
  ended: string | null
  /**
   * Runs already over. A short run can finish before the reply that names it (or a read that
   * still saw it running) arrives; such a late word must not bring the run back as running.
   */
  finished: readonly string[]
}

export const IDLE: CouncilLive = {
  runId: null,
  thinking: new Set(),
  streams: new Map(),
  failed: new Map(),
  ended: null,
  finished: [],
}

export function reduceLive(live: CouncilLive, progress: CouncilProgress): CouncilLive {
  const finished = [...live.finished, progress.runId]
  if (progress.kind === 'error')
    return {
      ...live,
      runId: null,
      thinking: new Set(),
      streams: new Map(),
      ended: progress.message,
      finished,
    }
  if (progress.kind === 'finished') {
    const ended = progress.cancelled
      ? 'Cancelled; the answers that arrived are saved. Resume continues.'
      : progress.failed.length > 0
        ? `${progress.failed.length} call(s) failed; the answers that arrived are saved. Resume retries.`
        : null
    return { ...live, runId: null, thinking: new Set(), streams: new Map(), ended, finished }
  }
  if (live.finished.includes(progress.runId)) return live
  const event = progress.event
  const thinking = new Set(live.thinking)
  const streams = new Map(live.streams)
  const failed = new Map(live.failed)
  if (event.type === 'started') {
    thinking.add(event.label)
    failed.delete(event.label)
  } else if (event.type === 'text') {
    thinking.add(event.label)
    streams.set(event.label, event.text)
  } else if (event.type === 'done') {
    thinking.delete(event.label)
    streams.delete(event.label)
  } else if (event.type === 'failed') {
    thinking.delete(event.label)
    streams.delete(event.label)
    failed.set(event.label, event.reason)
  }
  return { ...live, runId: progress.runId, thinking, streams, failed, ended: null }
}

/** Follows run `runId` just started; a run already over, or the one already followed, stays. */
export function adoptCouncilRun(live: CouncilLive, runId: string): CouncilLive {
  if (live.finished.includes(runId) || live.runId === runId) return live
  return { ...IDLE, finished: live.finished, runId }
}
