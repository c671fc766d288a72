/**
 * What a running debate is doing, from `debate:progress` events: the current round, and for each
 * of its phases who is writing (and how much), who has answered and who was absent. What is done
 * also comes from the file (debates:read), which every append changes.
 */
import type { DebateProgress } from '../../../../shared/contract'

export type ParticipantState = 'waiting' | 'writing' | 'done' | 'absent'

export interface PhaseProgress {
  phase: string
  /** Alias -> how far that participant is in this phase. */
  participants: Record<string, { state: ParticipantState; chars: number; note: string | null }>
}

export interface DebateLive {
  runId: string | null
  round: number | null
  phases: PhaseProgress[]
  /** Set when the run ended without an outcome (cancelled, failed), for one line in the view. */
  ended: string | null
}

export const IDLE: DebateLive = { runId: null, round: null, phases: [], ended: null }

function update(
  live: DebateLive,
  participant: string,
  change: (current: PhaseProgress['participants'][string]) => PhaseProgress['participants'][string],
): PhaseProgress[] {
  const last = live.phases.at(-1)
  if (!last) return live.phases
  const current = last.participants[participant] ?? { state: 'waiting', chars: 0, note: null }
  return [
    ...live.phases.slice(0, -1),
    { ...last, participants: { ...last.participants, [participant]: change(current) } },
  ]
}

export function reduceDebateLive(live: DebateLive, progress: DebateProgress): DebateLive {
  if (progress.kind === 'error') return { ...live, runId: null, ended: progress.message }
  if (progress.kind === 'finished')
    return {
      ...live,
      runId: null,
      ended: progress.cancelled
        ? 'Cancelled; every answer that arrived is saved. Resume continues from there.'
        : null,
    }
  const event = progress.event
  const running = { ...live, runId: progress.runId, ended: null }
  switch (event.type) {
    case 'round-started':
      return { ...running, round: event.round, phases: [] }
    case 'phase-started':
      return {
        ...running,
        round: event.round,
        phases: [
          ...live.phases.filter((p) => p.phase !== event.phase),
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
      return {
        ...running,
        phases: update(live, event.participant, (p) => ({ ...p, state: 'writing' })),
      }
    case 'participant-text':
      return {
        ...running,
        phases: update(live, event.participant, (p) => ({
          ...p,
          state: 'writing',
          chars: event.chars,
        })),
      }
    case 'proposal-submitted':
    case 'critique-submitted':
    case 'defense-submitted':
    case 'ballot-cast':
      return {
        ...running,
        phases: update(live, event.participant, (p) => ({ ...p, state: 'done' })),
      }
    case 'participant-absent':
      return {
        ...running,
        phases: update(live, event.participant, (p) => ({
          ...p,
          state: 'absent',
          note: event.reason,
        })),
      }
    default:
      return running
  }
}
