/**
 * A turn in progress as the terminal UI shows it: each persona's state (queued, thinking,
 * streaming, done with vote, time, tokens and cost, or failed with the reason). The events are
 * folded by core's turn progress, as the app's and the CLI's are; this is how the rows read here.
 */
import { reduceTurnProgress, startTurnProgress } from '../../core/turns/progress.js'
import type { ParticipantProgress, TurnRunProgress } from '../../core/turns/progress.js'
import type { TurnEvent } from '../../core/turns/turn-events.js'

export type PersonaState = 'queued' | 'thinking' | 'streaming' | 'done' | 'failed' | 'silent'

export interface PersonaProgress {
  alias: string
  state: PersonaState
  /** The comment as it streams (the whole of it when done). */
  text: string
  vote: string | null
  durationMs: number | null
  tokens: number | null
  costUsd: number | null
  /** Why it failed, was skipped or said nothing; a retry's note. */
  reason: string | null
}

export interface TurnProgress {
  /** The turn as core folds it; the fields below are how it reads here. */
  run: TurnRunProgress
  personas: PersonaProgress[]
  phase: string | null
}

export function startProgress(aliases: readonly string[]): TurnProgress {
  return shown(startTurnProgress(aliases))
}

/** The progress after one event; events for someone not listed add them. */
export function applyTurnEvent(progress: TurnProgress, event: TurnEvent): TurnProgress {
  return shown(reduceTurnProgress(progress.run, event))
}

function shown(run: TurnRunProgress): TurnProgress {
  const change = run.phase
  const phase = change?.to
    ? `Phase ${change.from} → ${change.to}${change.reason ? ` (${change.reason})` : ''}`
    : null
  return { run, personas: run.rows.map(personaOf), phase }
}

function personaOf(row: ParticipantProgress): PersonaProgress {
  const persona: PersonaProgress = {
    alias: row.alias,
    state: 'queued',
    text: row.text,
    vote: row.vote,
    durationMs: row.durationMs,
    tokens: row.usage ? row.usage.inputTokens + row.usage.outputTokens : null,
    costUsd: row.costUsd,
    reason: row.reason,
  }
  switch (row.state) {
    case 'queued':
    case 'thinking':
    case 'streaming':
    case 'done':
    case 'failed':
      return { ...persona, state: row.state }
    case 'retrying':
      return { ...persona, state: 'thinking' }
    case 'no-response':
      return {
        ...persona,
        state: 'silent',
        reason: `${row.provider ?? 'the provider'} gave no answer`,
      }
    case 'skipped':
      return { ...persona, state: 'failed', reason: `skipped: ${row.reason ?? ''}` }
    case 'cancelled':
      return { ...persona, state: 'failed', reason: 'cancelled' }
  }
}

/** One status line for a persona: "@architect  done · READY · 1.2s · 830 tok · $0.0021". */
export function progressLine(persona: PersonaProgress): string {
  const parts: string[] = [persona.state === 'silent' ? 'no answer' : persona.state]
  if (persona.vote) parts.push(persona.vote)
  if (persona.durationMs !== null) parts.push(`${(persona.durationMs / 1000).toFixed(1)}s`)
  if (persona.tokens !== null) parts.push(`${persona.tokens} tok`)
  if (persona.costUsd !== null) parts.push(`$${persona.costUsd.toFixed(4)}`)
  if (persona.reason && persona.state !== 'done') parts.push(persona.reason)
  return `@${persona.alias}  ${parts.join(' · ')}`
}

/** Whether every persona has finished one way or another. */
export function turnFinished(progress: TurnProgress): boolean {
  return progress.personas.every((persona) => ['done', 'failed', 'silent'].includes(persona.state))
}
