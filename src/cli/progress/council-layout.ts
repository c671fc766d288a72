/**
 * A council's progress: one row per call, by the label the seed gives it (council-r2-skeptic),
 * redrawn as answers stream in; the ranking under the rows once it is written.
 */
import type { CouncilEvent } from '../../core/council/events.js'
import { countOf } from '../plural.js'
import { formatCost } from '../../core/providers/usage.js'
import { FallbackHops } from './fallback-hops.js'
import { formatTokens } from './format-tokens.js'
import { lastLineOf } from './layout.js'
import type { LiveLayout, ProgressLayout } from './layout.js'
import type { LiveRow } from './live-renderer.js'

/** `hops`: the providers that failed before the one that answered (see FallbackHops). */
export function describeCouncilEvent(event: CouncilEvent, hops = ''): string | null {
  switch (event.type) {
    case 'plan': {
      const done = event.calls.filter((call) => call.done).length
      return `${countOf(event.calls.length, 'call')} planned${done > 0 ? `, ${done} already answered in the file` : ''}`
    }
    case 'started':
      return `${event.label}: thinking${event.provider ? ` (${event.provider})` : ''}`
    case 'text':
      return null // the answer is in the file; plain output stays one line per step
    case 'retrying':
      return `${event.label}: ${event.failed} failed (${event.reason}); trying ${event.next}`
    case 'done': {
      const tokens = `${formatTokens(event.usage.inputTokens)} in / ${formatTokens(event.usage.outputTokens)} out${event.usage.estimated ? ' (estimated)' : ''}`
      const cost = event.costUsd === null ? '' : `, ${formatCost(event.costUsd)}`
      return `${event.label}: done, ${(event.durationMs / 1000).toFixed(1)}s via ${event.provider}${hops}, ${tokens}${cost}, line ${event.line}`
    }
    case 'failed':
      return `${event.label}: failed: ${event.reason}`
    case 'phase':
      return `stage: ${event.from} -> ${event.to}`
    case 'ranking':
      return 'ranking: the aggregate is written (shown at the end)'
  }
}

function followHops(hops: FallbackHops, event: CouncilEvent): void {
  if (event.type === 'started') hops.started(event.label)
  if (event.type === 'retrying') hops.retrying(event.label, event.failed, event.reason)
}

/** Plain lines for one run: a done line names the providers that failed before it. */
function plainCouncil(): (event: CouncilEvent) => string | null {
  const hops = new FallbackHops()
  return (event) => {
    followHops(hops, event)
    return describeCouncilEvent(event, 'label' in event ? hops.suffix(event.label) : '')
  }
}

function liveCouncil(): LiveLayout<CouncilEvent> {
  const hops = new FallbackHops()
  const rows = new Map<string, LiveRow>()
  const notes: string[] = []
  return {
    rows: () => [...rows.values()],
    footer: () => notes,
    onEvent: (event) => {
      followHops(hops, event)
      if (event.type === 'plan') {
        for (const call of event.calls)
          rows.set(call.label, {
            label: call.label,
            state: call.done ? 'done' : 'queued',
            detail: call.done ? 'answered earlier (in the file)' : 'queued',
            started: 0,
          })
        return
      }
      if (event.type === 'phase') return
      if (event.type === 'ranking') {
        notes.push('', event.text)
        return
      }
      const row = rows.get(event.label) ?? {
        label: event.label,
        state: 'queued',
        detail: '',
        started: 0,
      }
      if (event.type === 'started') {
        Object.assign(row, { state: 'thinking', started: Date.now() })
        row.detail = `thinking${event.provider ? ` (${event.provider})` : ''}`
      } else if (event.type === 'text') {
        row.detail = lastLineOf(event.text)
      } else {
        if (event.type !== 'retrying') row.state = event.type
        row.detail = (describeCouncilEvent(event, hops.suffix(event.label)) ?? '').replace(
          `${event.label}: `,
          '',
        )
      }
      rows.set(event.label, row)
    },
  }
}

export const councilLayout: ProgressLayout<CouncilEvent> = {
  describe: describeCouncilEvent,
  plain: plainCouncil,
  chatty: (event) => event.type === 'text',
  style: { indent: '', labelWidth: 24 },
  live: liveCouncil,
}
