/**
 * A turn in progress as data: each persona's state (queued, thinking, streaming, done with vote,
 * time, tokens and cost, or failed with the reason), folded from the engine's turn events.
 */
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
  personas: PersonaProgress[]
  phase: string | null
}

export function startProgress(aliases: readonly string[]): TurnProgress {
  return {
    personas: aliases.map((alias) => ({
      alias,
      state: 'queued',
      text: '',
      vote: null,
      durationMs: null,
      tokens: null,
      costUsd: null,
      reason: null,
    })),
    phase: null,
  }
}

/** The progress after one event; events for someone not listed add them. */
export function applyTurnEvent(progress: TurnProgress, event: TurnEvent): TurnProgress {
  if (event.type === 'phase') {
    const phase = event.to
      ? `Phase ${event.from} → ${event.to}${event.reason ? ` (${event.reason})` : ''}`
      : null
    return { ...progress, phase }
  }
  const known = progress.personas.some((persona) => persona.alias === event.participant)
  const personas = known
    ? progress.personas
    : [...progress.personas, ...startProgress([event.participant]).personas]
  return {
    ...progress,
    personas: personas.map((persona) =>
      persona.alias === event.participant ? applyToPersona(persona, event) : persona,
    ),
  }
}

function applyToPersona(
  persona: PersonaProgress,
  event: Exclude<TurnEvent, { type: 'phase' }>,
): PersonaProgress {
  switch (event.type) {
    case 'queued':
      return { ...persona, state: 'queued' }
    case 'started':
      return { ...persona, state: 'thinking' }
    case 'text':
      return { ...persona, state: 'streaming', text: event.comment }
    case 'retrying':
      return {
        ...persona,
        state: 'thinking',
        text: '',
        reason: `${event.failed} failed (${event.reason}); trying ${event.next}`,
      }
    case 'done':
      return {
        ...persona,
        state: 'done',
        vote: event.vote,
        durationMs: event.durationMs,
        tokens: event.usage.inputTokens + event.usage.outputTokens,
        costUsd: event.costUsd,
        reason: event.note,
      }
    case 'no-response':
      return {
        ...persona,
        state: 'silent',
        durationMs: event.durationMs,
        reason: `${event.provider} gave no answer`,
      }
    case 'failed':
      return { ...persona, state: 'failed', reason: event.reason }
    case 'skipped':
      return { ...persona, state: 'failed', reason: `skipped: ${event.reason}` }
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
