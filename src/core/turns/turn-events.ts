import type { Vote } from '../format/model.js'
import type { ProviderUsage } from '../providers/port.js'

/** Progress of one participant in a turn, in the order it happens. */
export type ParticipantEvent =
  | { type: 'queued'; participant: string }
  | { type: 'started'; participant: string }
  | { type: 'text'; participant: string; delta: string; comment: string }
  /** A provider of the chain failed and the next one starts; text streamed so far is void. */
  | { type: 'retrying'; participant: string; failed: string; reason: string; next: string }
  | {
      type: 'done'
      participant: string
      author: string
      vote: Vote | null
      provider: string
      /** The model that answered, when the provider said which. */
      model?: string
      durationMs: number
      usage: ProviderUsage
      costUsd: number | null
      line: number
      note: string | null
    }
  | { type: 'no-response'; participant: string; provider: string; durationMs: number }
  | { type: 'failed'; participant: string; reason: string }
  | { type: 'skipped'; participant: string; reason: string }

export type TurnEvent =
  | ParticipantEvent
  | { type: 'phase'; from: string; to: string | null; status: string | null; reason: string | null }
