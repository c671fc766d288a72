/**
 * Everything a debate does, as events the CLI and the app follow (the seed's eleven kinds and
 * a few more: per-participant progress, absences and resumption).
 */
import type { DebateOutcome, DebatePhase, Severity } from './model.js'
import type { RoundTally } from './tally.js'

export type DebateEvent =
  | { type: 'debate-started'; title: string; participants: string[]; resumed: boolean }
  | { type: 'round-started'; round: number; candidates: string[]; runoff: boolean }
  | { type: 'phase-started'; round: number; phase: DebatePhase; participants: string[] }
  | { type: 'participant-started'; round: number; phase: DebatePhase; participant: string }
  | {
      type: 'participant-text'
      round: number
      phase: DebatePhase
      participant: string
      chars: number
    }
  | { type: 'proposal-submitted'; participant: string; proposal: string; confidence: number | null }
  | {
      type: 'critique-submitted'
      participant: string
      critiques: { id: string; target: string; severity: Severity }[]
    }
  | {
      type: 'defense-submitted'
      participant: string
      proposal: string
      addresses: string[]
      revised: boolean
    }
  | { type: 'ballot-cast'; participant: string; approves: string[]; weight: number }
  | {
      type: 'participant-absent'
      round: number
      phase: DebatePhase
      participant: string
      reason: string
    }
  | { type: 'phase-ended'; round: number; phase: DebatePhase }
  | { type: 'round-ended'; tally: RoundTally }
  | { type: 'consensus-reached'; round: number; proposal: string }
  | { type: 'runoff'; round: number; proposals: string[] }
  | { type: 'escalated'; rounds: number; reason: string }
  | { type: 'debate-finished'; outcome: DebateOutcome | null }
  | { type: 'debate-cancelled' }
