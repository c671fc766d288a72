/**
 * While a turn runs, what the person needs to tell a slow provider from a hung one: for each
 * persona, how long it has been working, which provider of its chain is being tried now, and the
 * chain itself with the providers that already failed crossed out.
 */
import type { TurnEvent } from '../../core/turns/turn-events.js'

export interface Attempt {
  /** When the persona started (ms since the epoch); null while queued. */
  startedAt: number | null
  /** The providers that failed, in order. */
  failed: string[]
  /** The provider tried now, when an event named it (after a failure); else the chain's first. */
  trying: string | null
}

const NONE: Attempt = { startedAt: null, failed: [], trying: null }

/** The attempts after one event, at time `now`. */
export function recordAttempt(
  attempts: ReadonlyMap<string, Attempt>,
  event: TurnEvent,
  now: number,
): Map<string, Attempt> {
  if (event.type !== 'started' && event.type !== 'retrying') return new Map(attempts)
  const before = attempts.get(event.participant) ?? NONE
  const after: Attempt =
    event.type === 'started'
      ? { ...before, startedAt: before.startedAt ?? now }
      : {
          startedAt: before.startedAt ?? now,
          failed: [...before.failed, event.failed],
          trying: event.next,
        }
  return new Map(attempts).set(event.participant, after)
}

/** "12s · trying local (ollama ✗ → local → demo)"; empty for a persona that has not started. */
export function attemptLine(
  attempt: Attempt | undefined,
  chain: readonly string[],
  now: number,
): string {
  if (!attempt || attempt.startedAt === null) return ''
  const seconds = Math.max(0, Math.floor((now - attempt.startedAt) / 1000))
  const elapsed = seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${seconds % 60}s`
  const trying = attempt.trying ?? chain[0] ?? null
  const names = [...chain]
  for (const name of [...attempt.failed, ...(trying ? [trying] : [])])
    if (!names.includes(name)) names.push(name)
  const shown =
    names.length > 1
      ? ` (${names.map((name) => (attempt.failed.includes(name) ? `${name} ✗` : name)).join(' → ')})`
      : ''
  return `${elapsed}${trying ? ` · trying ${trying}` : ''}${shown}`
}
