/**
 * A turn's progress: one row per participant (queued, thinking, the answer streaming in, done with
 * vote, time and tokens, or failed with the reason); plain, one line per event.
 */
import type { ProviderUsage } from '../../core/providers/port.js'
import { formatCost } from '../../core/providers/usage.js'
import { reduceTurnProgress, startTurnProgress } from '../../core/turns/progress.js'
import type { ParticipantProgress } from '../../core/turns/progress.js'
import type { TurnEvent } from '../../core/turns/turn-events.js'
import { FallbackHops } from './fallback-hops.js'
import { formatTokens } from './format-tokens.js'
import { lastLineOf } from './layout.js'
import type { LiveLayout, ProgressLayout } from './layout.js'
import type { LiveRow } from './live-renderer.js'

/** The reason of a call stopped by Ctrl-C (ProviderChainError's message for a cancel). */
export const CANCELLED = 'cancelled'

export function describeTurnEvent(event: TurnEvent): string | null {
  switch (event.type) {
    case 'queued':
      return `${event.participant}: queued`
    case 'started':
      return `${event.participant}: thinking`
    case 'text':
      return null // too chatty for plain output; the final comment is in the file
    case 'retrying':
      return `${event.participant}: ${event.failed} failed (${event.reason}); trying ${event.next}`
    case 'done':
      return `${event.participant}: ${doneDetail(event)}`
    case 'no-response':
      return `${event.participant}: nothing to add (via ${event.provider})`
    case 'failed':
      if (event.reason === CANCELLED) return `${event.participant}: cancelled`
      return `${event.participant}: failed: ${event.reason}`
    case 'skipped':
      return `${event.participant}: skipped: ${event.reason}`
    case 'phase':
      return `phase: ${[event.to ? `advanced ${event.from} -> ${event.to}` : '', event.status ? `status ${event.status}` : ''].filter(Boolean).join(', ')}${event.reason ? ` (${event.reason})` : ''}`
  }
}

/** A participant's live row, from its progress as core folds it. */
function liveRow(row: ParticipantProgress, started: number | null, hops: string): LiveRow {
  const live = { label: row.alias, started }
  switch (row.state) {
    case 'queued':
      return { ...live, state: 'queued', detail: 'queued' }
    case 'thinking':
      return { ...live, state: 'thinking', detail: 'thinking' }
    case 'streaming':
      return { ...live, state: 'thinking', detail: lastLineOf(row.text) }
    case 'retrying':
      return { ...live, state: 'thinking', detail: row.reason ?? 'retrying' }
    case 'done':
      return { ...live, state: 'done', detail: doneDetail(row, hops) }
    case 'no-response':
      return { ...live, state: 'done', detail: `nothing to add (via ${row.provider ?? '?'})` }
    case 'failed':
      // A call the person cancelled did not fail: the cancel line after the turn says it once.
      if (row.reason === CANCELLED) return { ...live, state: 'skipped', detail: 'cancelled' }
      return { ...live, state: 'failed', detail: `failed: ${row.reason ?? ''}` }
    case 'skipped':
    case 'cancelled':
      return { ...live, state: 'skipped', detail: `skipped: ${row.reason ?? ''}` }
  }
}

/**
 * "done, vote READY, 1.5s via demo, 1.2k in / 80 out, line 12"; `hops` names the providers that
 * failed before (see FallbackHops).
 */
function doneDetail(
  done: {
    vote: string | null
    durationMs: number | null
    provider: string | null
    model?: string | undefined
    usage: ProviderUsage | null
    costUsd: number | null
    line: number | null
  },
  hops = '',
): string {
  const usage = done.usage ?? { inputTokens: 0, outputTokens: 0, estimated: true }
  const tokens = `${formatTokens(usage.inputTokens)} in / ${formatTokens(usage.outputTokens)} out${usage.estimated ? ' (estimated)' : ''}`
  const cost = done.costUsd === null ? '' : `, ${formatCost(done.costUsd)}`
  return `done, vote ${done.vote ?? 'none'}, ${((done.durationMs ?? 0) / 1000).toFixed(1)}s via ${done.provider ?? '?'}${done.model ? ` (${done.model})` : ''}${hops}, ${tokens}${cost}, line ${done.line ?? '?'}`
}

function liveTurn(): LiveLayout<TurnEvent> {
  let progress = startTurnProgress([])
  // When each participant started, for the elapsed time on its row (core keeps no clock).
  const started = new Map<string, number>()
  const hops = new FallbackHops()
  return {
    rows: () =>
      progress.rows.map((row) =>
        liveRow(row, started.get(row.alias) ?? null, hops.suffix(row.alias)),
      ),
    onEvent: (event) => {
      progress = reduceTurnProgress(progress, event)
      if (event.type === 'started') started.set(event.participant, Date.now())
      followHops(hops, event)
    },
  }
}

function followHops(hops: FallbackHops, event: TurnEvent): void {
  if (event.type === 'started') hops.started(event.participant)
  if (event.type === 'retrying') hops.retrying(event.participant, event.failed, event.reason)
}

/** Plain lines for one run: a done line names the providers that failed before it. */
function plainTurn(): (event: TurnEvent) => string | null {
  const hops = new FallbackHops()
  return (event) => {
    followHops(hops, event)
    if (event.type === 'done')
      return `${event.participant}: ${doneDetail(event, hops.suffix(event.participant))}`
    return describeTurnEvent(event)
  }
}

export const turnLayout: ProgressLayout<TurnEvent> = {
  describe: describeTurnEvent,
  plain: plainTurn,
  chatty: (event) => event.type === 'text',
  style: { indent: '', labelWidth: 14 },
  live: liveTurn,
}
