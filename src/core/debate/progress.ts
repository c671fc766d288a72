/**
 * Where a running debate is, from its events: the current round and, for each of its phases, who
 * is writing (and how much), who has answered and who was absent. The app keeps one per run, so a
 * view opened mid-run shows the same as one that watched from the start.
 */
import type { DebateEvent } from './events.js'

export type ParticipantState = 'waiting' | 'writing' | 'done' | 'absent'

export interface ParticipantProgress {
  state: ParticipantState
  chars: number
  note: string | null
}

export interface PhaseProgress {
  phase: string
  /** Alias -> how far that participant is in this phase. */
  participants: Record<string, ParticipantProgress>
}

export interface DebateRunProgress {
  round: number | null
  phases: PhaseProgress[]
}

export const NO_PROGRESS: DebateRunProgress = { round: null, phases: [] }

/** One participant's progress in `phase` (default: the latest), the phase added when new. */
function update(
  progress: DebateRunProgress,
  participant: string,
  phase: string | null,
  change: (current: ParticipantProgress) => ParticipantProgress,
): DebateRunProgress {
  const name = phase ?? progress.phases.at(-1)?.phase
  if (name === undefined) return progress
  const entry = progress.phases.find((p) => p.phase === name) ?? { phase: name, participants: {} }
  const current = entry.participants[participant] ?? { state: 'waiting', chars: 0, note: null }
  const changed = {
    ...entry,
    participants: { ...entry.participants, [participant]: change(current) },
  }
  const phases = progress.phases.some((p) => p.phase === name)
    ? progress.phases.map((p) => (p.phase === name ? changed : p))
    : [...progress.phases, changed]
  return { ...progress, phases }
}

export function reduceDebateProgress(
  progress: DebateRunProgress,
  event: DebateEvent,
): DebateRunProgress {
  switch (event.type) {
    case 'round-started':
      return { round: event.round, phases: [] }
    case 'phase-started':
      return {
        round: event.round,
        phases: [
          ...(progress.round === event.round ? progress.phases : []).filter(
            (p) => p.phase !== event.phase,
          ),
          {
            phase: event.phase,
            participants: Object.fromEntries(
              event.participants.map((alias) => [
                alias,
                { state: 'waiting' as const, chars: 0, note: null },
              ]),
            ),
          },
        ],
      }
    case 'participant-started':
      return update(progress, event.participant, event.phase, (p) => ({ ...p, state: 'writing' }))
    case 'participant-text':
      return update(progress, event.participant, event.phase, (p) => ({
        ...p,
        state: 'writing',
        chars: event.chars,
      }))
    case 'proposal-submitted':
    case 'critique-submitted':
    case 'defense-submitted':
    case 'ballot-cast':
      return update(progress, event.participant, null, (p) => ({ ...p, state: 'done' }))
    case 'participant-absent':
      return update(progress, event.participant, event.phase, (p) => ({
        ...p,
        state: 'absent',
        note: event.reason,
      }))
    default:
      return progress
  }
}
