/**
 * What a running council's calls are doing, from its events: who is writing, the text each has
 * written so far, and who failed. The app keeps one per run, so a view opened mid-run (or one
 * that opened after the first words streamed) shows the same as one that watched from the start.
 * Plain records, so it travels to the windows as it is.
 */
import type { CouncilEvent } from './events.js'

export interface CouncilRunProgress {
  /** Labels of the calls asked and not yet answered. */
  thinking: string[]
  /** Label -> the text that call has written so far. */
  streams: Record<string, string>
  /** Label -> why that call failed in this run. */
  failed: Record<string, string>
}

export const NO_COUNCIL_PROGRESS: CouncilRunProgress = { thinking: [], streams: {}, failed: {} }

function without<T>(record: Record<string, T>, label: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => key !== label))
}

export function reduceCouncilProgress(
  progress: CouncilRunProgress,
  event: CouncilEvent,
): CouncilRunProgress {
  const adding = (label: string): string[] =>
    progress.thinking.includes(label) ? progress.thinking : [...progress.thinking, label]
  const dropping = (label: string): string[] => progress.thinking.filter((one) => one !== label)
  switch (event.type) {
    case 'started':
      return {
        thinking: adding(event.label),
        streams: without(progress.streams, event.label),
        failed: without(progress.failed, event.label),
      }
    case 'text':
      return {
        ...progress,
        thinking: adding(event.label),
        streams: { ...progress.streams, [event.label]: event.text },
      }
    case 'retrying':
      return { ...progress, streams: without(progress.streams, event.label) }
    case 'done':
      return {
        ...progress,
        thinking: dropping(event.label),
        streams: without(progress.streams, event.label),
      }
    case 'failed':
      return {
        thinking: dropping(event.label),
        streams: without(progress.streams, event.label),
        failed: { ...progress.failed, [event.label]: event.reason },
      }
    default:
      return progress
  }
}
