/**
 * What is running right now, from `council:progress` events: the calls thinking and the ones that
 * failed in this run. What is done comes from the file (council:read), which every append changes.
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
}

export const IDLE: CouncilLive = {
  runId: null,
  thinking: new Set(),
  streams: new Map(),
  failed: new Map(),
  ended: null,
}

export function reduceLive(live: CouncilLive, progress: CouncilProgress): CouncilLive {
  if (progress.kind === 'error')
    return {
      ...live,
      runId: null,
      thinking: new Set(),
      streams: new Map(),
      ended: progress.message,
    }
  if (progress.kind === 'finished') {
    const ended = progress.cancelled
      ? 'Cancelled; the answers that arrived are saved. Resume continues.'
      : progress.failed.length > 0
        ? `${progress.failed.length} call(s) failed; the answers that arrived are saved. Resume retries.`
        : null
    return { ...live, runId: null, thinking: new Set(), streams: new Map(), ended }
  }
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
  return { runId: progress.runId, thinking, streams, failed, ended: null }
}
