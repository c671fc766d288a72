/**
 * A turn's progress: one row per participant (queued, thinking, the answer streaming in, done with
 * vote, time and tokens, or failed with the reason); plain, one line per event.
 */
import type { TurnEvent } from '../../core/turns/turn-events.js'
import { formatCost } from '../../core/providers/usage.js'
import { formatTokens } from './format-tokens.js'
import { lastLineOf } from './layout.js'
import type { LiveLayout, ProgressLayout } from './layout.js'
import type { LiveRow } from './live-renderer.js'

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
    case 'done': {
      const tokens = `${formatTokens(event.usage.inputTokens)} in / ${formatTokens(event.usage.outputTokens)} out${event.usage.estimated ? ' (estimated)' : ''}`
      const cost = event.costUsd === null ? '' : `, ${formatCost(event.costUsd)}`
      return `${event.participant}: done, vote ${event.vote ?? 'none'}, ${(event.durationMs / 1000).toFixed(1)}s via ${event.provider}${event.model ? ` (${event.model})` : ''}, ${tokens}${cost}, line ${event.line}`
    }
    case 'no-response':
      return `${event.participant}: nothing to add (via ${event.provider})`
    case 'failed':
      return `${event.participant}: failed: ${event.reason}`
    case 'skipped':
      return `${event.participant}: skipped: ${event.reason}`
    case 'phase':
      return `phase: ${[event.to ? `advanced ${event.from} -> ${event.to}` : '', event.status ? `status ${event.status}` : ''].filter(Boolean).join(', ')}${event.reason ? ` (${event.reason})` : ''}`
  }
}

function liveTurn(): LiveLayout<TurnEvent> {
  const rows = new Map<string, LiveRow>()
  return {
    rows: () => [...rows.values()],
    onEvent: (event) => {
      if (event.type === 'phase') return
      const row = rows.get(event.participant) ?? {
        label: event.participant,
        state: 'queued',
        detail: 'queued',
        started: null,
      }
      if (event.type === 'started')
        Object.assign(row, { state: 'thinking', detail: 'thinking', started: Date.now() })
      else if (event.type === 'text') row.detail = lastLineOf(event.comment)
      else if (event.type === 'retrying')
        row.detail = `${event.failed} failed; trying ${event.next}`
      else if (event.type !== 'queued') {
        row.state =
          event.type === 'done' || event.type === 'no-response'
            ? 'done'
            : event.type === 'failed'
              ? 'failed'
              : 'skipped'
        row.detail = (describeTurnEvent(event) ?? '').replace(`${event.participant}: `, '')
      }
      rows.set(event.participant, row)
    },
  }
}

export const turnLayout: ProgressLayout<TurnEvent> = {
  describe: describeTurnEvent,
  chatty: (event) => event.type === 'text',
  style: { indent: '', labelWidth: 14 },
  live: liveTurn,
}
