/**
 * What the debate does next, read from its state alone: start a round, ask the participants who
 * have not yet answered a phase, decide a round, escalate, or nothing (finished or waiting for the
 * human). A step interrupted by a crash is picked up where it stopped: whoever already answered
 * is not asked again.
 */
import type { DebatePhase, DebateRound, DebateState } from './model.js'
import { isFinished } from './model.js'
import { candidatesAfter } from './read-state.js'

export type DebateStep =
  | { kind: 'start-round'; round: number; candidates: string[]; runoff: boolean }
  | { kind: 'ask'; round: number; phase: DebatePhase; participants: string[] }
  | { kind: 'decide-round'; round: number }
  | { kind: 'escalate'; rounds: number; reason: string }
  | { kind: 'finished' }
  | { kind: 'awaiting-human' }

export function phasesOf(round: number): DebatePhase[] {
  return round === 1 ? ['propose', 'critique', 'defend', 'vote'] : ['critique', 'defend', 'vote']
}

/** Who is expected to answer a phase of a round (absent or not). */
export function expectedIn(state: DebateState, round: DebateRound, phase: DebatePhase): string[] {
  const aliases = state.participants.map((p) => p.alias)
  const authorOf = (id: string): string | undefined =>
    state.proposals.find((p) => p.id === id)?.author
  switch (phase) {
    case 'propose':
      return aliases
    case 'critique':
      // Someone whose own proposal is the only one left has nothing to critique.
      return aliases.filter((alias) => round.candidates.some((id) => authorOf(id) !== alias))
    case 'defend': {
      const criticised = new Set(round.critiques.map((c) => c.target))
      return round.candidates
        .filter((id) => criticised.has(id))
        .map((id) => authorOf(id))
        .filter((alias): alias is string => alias !== undefined)
    }
    case 'vote':
      return aliases
  }
}

/** Who answered (or was recorded absent) in a phase. */
function answeredIn(state: DebateState, round: DebateRound, phase: DebatePhase): Set<string> {
  const done = new Set(round.absences.filter((a) => a.phase === phase).map((a) => a.participant))
  const add = (aliases: string[]): void => aliases.forEach((alias) => done.add(alias))
  if (phase === 'propose') add(state.proposals.map((p) => p.author))
  if (phase === 'critique') add(round.critics)
  if (phase === 'defend') add(round.defenses.map((d) => d.author))
  if (phase === 'vote') add(round.ballots.map((b) => b.voter))
  return done
}

export function pendingIn(state: DebateState, round: DebateRound, phase: DebatePhase): string[] {
  const done = answeredIn(state, round, phase)
  return expectedIn(state, round, phase).filter((alias) => !done.has(alias))
}

export function nextStep(state: DebateState): DebateStep {
  if (isFinished(state.outcome)) return { kind: 'finished' }
  if (state.outcome?.kind === 'escalated') return { kind: 'awaiting-human' }
  const last = state.rounds.at(-1)
  if (!last) return { kind: 'start-round', round: 1, candidates: [], runoff: false }
  if (last.result) {
    if (last.number >= state.settings.maxRounds)
      return {
        kind: 'escalate',
        rounds: last.number,
        reason:
          last.result.kind === 'runoff'
            ? `the run-off between ${last.result.proposals.join(', ')} is still undecided`
            : 'no proposal reached the threshold',
      }
    const candidates = candidatesAfter(last, state.proposals)
    return {
      kind: 'start-round',
      round: last.number + 1,
      candidates,
      runoff: last.result.kind === 'runoff',
    }
  }
  for (const phase of phasesOf(last.number)) {
    // Round 1's proposals are the candidates once everyone has proposed (or been absent).
    const round =
      last.number === 1 && phase !== 'propose'
        ? { ...last, candidates: state.proposals.map((p) => p.id) }
        : last
    if (phase !== 'propose' && round.candidates.length === 0)
      return { kind: 'escalate', rounds: last.number, reason: 'nobody made a proposal' }
    const pending = pendingIn(state, round, phase)
    if (pending.length > 0) return { kind: 'ask', round: last.number, phase, participants: pending }
  }
  return { kind: 'decide-round', round: last.number }
}
