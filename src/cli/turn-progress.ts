/**
 * Shows a turn's progress: on a terminal, one live line per participant (queued, thinking, the
 * answer streaming in, done with vote, time and tokens, or failed with the reason); elsewhere, or
 * with --json, one plain line (or JSON object) per event, so logs and pipes read well.
 */
import type { Writable } from 'node:stream'

import { createLogUpdate } from 'log-update'

import type { TurnEvent } from '../core/turns/turn-events.js'
import { formatCost } from '../core/providers/usage.js'

type Line = { state: string; detail: string; started: number | null }

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']

export function formatTokens(count: number): string {
  return count >= 1000 ? `${(count / 1000).toFixed(1)}k` : String(count)
}

export function describeEvent(event: TurnEvent): string | null {
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
      return `${event.participant}: done, vote ${event.vote ?? 'none'}, ${(event.durationMs / 1000).toFixed(1)}s via ${event.provider}, ${tokens}${cost}, line ${event.line}`
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

export interface Progress {
  onEvent: (event: TurnEvent) => void
  stop: () => void
}

export function plainProgress(out: Writable, json: boolean): Progress {
  return {
    onEvent: (event) => {
      if (json) {
        if (event.type !== 'text') out.write(`${JSON.stringify(event)}\n`)
        return
      }
      const line = describeEvent(event)
      if (line) out.write(`${line}\n`)
    },
    stop: () => undefined,
  }
}

/** Live lines on a terminal, redrawn ten times a second. */
export function liveProgress(out: NodeJS.WriteStream): Progress {
  const render = createLogUpdate(out, { showCursor: false })
  const lines = new Map<string, Line>()
  let frame = 0
  const width = () => Math.max(40, (out.columns || 100) - 2)
  const draw = (): void => {
    frame = (frame + 1) % FRAMES.length
    const now = Date.now()
    const text = [...lines.entries()].map(([participant, line]) => {
      const spinner =
        line.state === 'thinking'
          ? FRAMES[frame]
          : line.state === 'done'
            ? '✔'
            : line.state === 'failed'
              ? '✖'
              : line.state === 'queued'
                ? '·'
                : '-'
      const elapsed =
        line.state === 'thinking' && line.started !== null
          ? ` ${((now - line.started) / 1000).toFixed(0)}s`
          : ''
      const row = `${spinner} ${participant.padEnd(14)} ${line.detail}${elapsed}`
      return row.length > width() ? `${row.slice(0, width() - 1)}…` : row
    })
    render(text.join('\n'))
  }
  const timer = setInterval(draw, 100)
  return {
    onEvent: (event) => {
      if (event.type === 'phase') return
      const line = lines.get(event.participant) ?? {
        state: 'queued',
        detail: 'queued',
        started: null,
      }
      if (event.type === 'started')
        Object.assign(line, { state: 'thinking', detail: 'thinking', started: Date.now() })
      else if (event.type === 'text') {
        const last = event.comment.trim().split('\n').pop() ?? ''
        line.detail = last ? `“${last}”` : 'writing'
      } else if (event.type === 'retrying') {
        line.detail = `${event.failed} failed; trying ${event.next}`
      } else if (event.type !== 'queued') {
        line.state =
          event.type === 'done' || event.type === 'no-response'
            ? 'done'
            : event.type === 'failed'
              ? 'failed'
              : 'skipped'
        line.detail = (describeEvent(event) ?? '').replace(`${event.participant}: `, '')
      }
      lines.set(event.participant, line)
    },
    stop: () => {
      clearInterval(timer)
      draw()
      render.done()
    },
  }
}
