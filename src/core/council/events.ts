/** What a council run reports as it goes: per call (by its label), per stage, and the ranking. */
import type { ProviderUsage } from '../providers/port.js'
import type { CallStage } from './plan.js'

export interface PlannedCallInfo {
  label: string
  role: string
  round: number | null
  stage: CallStage
  /** Already answered in the file (a resumed run skips it). */
  done: boolean
}

export type CouncilEvent =
  | { type: 'plan'; calls: PlannedCallInfo[] }
  | { type: 'started'; label: string; provider: string | null }
  | { type: 'text'; label: string; delta: string; text: string }
  | { type: 'retrying'; label: string; failed: string; reason: string; next: string }
  | {
      type: 'done'
      label: string
      author: string
      provider: string
      durationMs: number
      usage: ProviderUsage
      costUsd: number | null
      line: number
    }
  | { type: 'failed'; label: string; reason: string }
  | { type: 'phase'; from: string; to: string }
  | { type: 'ranking'; text: string }
