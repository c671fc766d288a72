/**
 * Shows a debate's progress: on a terminal, the finished steps as lines and the phase in flight
 * as one live line per participant (thinking with the time, characters received, then what it
 * contributed or why it was absent); elsewhere, or with --json, one line (or JSON object) per
 * event, so logs and pipes read well.
 */
import type { Writable } from 'node:stream'

import { createLogUpdate } from 'log-update'

import type { DebateEvent } from '../core/debate/events.js'
import { formatWeight } from '../core/debate/weights.js'

export interface DebateProgress {
  onEvent: (event: DebateEvent) => void
  stop: () => void
}

/** One line for an event; null for the chatty ones (streamed text). */
export function describeDebateEvent(event: DebateEvent): string | null {
  switch (event.type) {
    case 'debate-started':
      return `${event.resumed ? 'resuming' : 'starting'} debate "${event.title}" with ${event.participants.map((p) => `@${p}`).join(', ')}`
    case 'round-started':
      return `round ${event.round}${event.runoff ? ` (run-off between ${event.candidates.join(', ')})` : ''}`
    case 'phase-started':
      return `  ${event.phase}: asking ${event.participants.map((p) => `@${p}`).join(', ')}`
    case 'participant-started':
    case 'participant-text':
      return null
    case 'proposal-submitted':
      return `    @${event.participant} proposed ${event.proposal}${event.confidence === null ? '' : ` (confidence ${event.confidence})`}`
    case 'critique-submitted':
      return `    @${event.participant} critiqued: ${event.critiques.map((c) => `${c.target} ${c.severity}`).join(', ') || 'no objection'}`
    case 'defense-submitted':
      return `    @${event.participant} defended ${event.proposal}, addressing ${event.addresses.join(', ') || 'nothing'}${event.revised ? ', revised' : ''}`
    case 'ballot-cast':
      return `    @${event.participant} approves ${event.approves.join(', ') || 'nothing'} (weight ${formatWeight(event.weight)})`
    case 'participant-absent':
      return `    @${event.participant} absent from ${event.phase}: ${event.reason}`
    case 'phase-ended':
      return null
    case 'round-ended':
      return `  tally: ${event.tally.proposals.map((p) => `${p.proposal} ${formatWeight(p.approving)}/${formatWeight(event.tally.total)}${p.blockedBy.length > 0 ? ' blocked' : p.passes ? ' passes' : ''}`).join(', ') || 'no proposals'}`
    case 'consensus-reached':
      return `consensus on ${event.proposal} in round ${event.round}`
    case 'runoff':
      return `  several passed: run-off between ${event.proposals.join(', ')}`
    case 'escalated':
      return `escalated after ${event.rounds} round${event.rounds === 1 ? '' : 's'}: ${event.reason}`
    case 'debate-finished':
      return null
    case 'debate-cancelled':
      return 'cancelled; `discussions debate run` resumes where it stopped'
  }
}

export function plainDebateProgress(out: Writable, json: boolean): DebateProgress {
  return {
    onEvent: (event) => {
      if (json) {
        if (event.type !== 'participant-text') out.write(`${JSON.stringify(event)}\n`)
        return
      }
      const line = describeDebateEvent(event)
      if (line) out.write(`${line}\n`)
    },
    stop: () => undefined,
  }
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']

/** Live lines for the phase in flight, redrawn ten times a second; the rest as plain lines. */
export function liveDebateProgress(out: NodeJS.WriteStream): DebateProgress {
  const render = createLogUpdate(out, { showCursor: false })
  const live = new Map<string, { detail: string; started: number | null }>()
  let frame = 0
  const draw = (): void => {
    frame = (frame + 1) % FRAMES.length
    const now = Date.now()
    const width = Math.max(40, (out.columns || 100) - 2)
    const rows = [...live.entries()].map(([alias, line]) => {
      const elapsed = line.started === null ? '' : ` ${((now - line.started) / 1000).toFixed(0)}s`
      const row = `    ${line.started === null ? '·' : FRAMES[frame]} @${alias.padEnd(12)} ${line.detail}${elapsed}`
      return row.length > width ? `${row.slice(0, width - 1)}…` : row
    })
    render(rows.join('\n'))
  }
  const print = (line: string): void => {
    render.clear()
    out.write(`${line}\n`)
    draw()
  }
  const timer = setInterval(draw, 100)
  return {
    onEvent: (event) => {
      if (event.type === 'phase-started') {
        print(describeDebateEvent(event) ?? '')
        for (const alias of event.participants) live.set(alias, { detail: 'queued', started: null })
      } else if (event.type === 'participant-started') {
        live.set(event.participant, { detail: 'thinking', started: Date.now() })
      } else if (event.type === 'participant-text') {
        const line = live.get(event.participant)
        if (line) line.detail = `writing (${event.chars} chars)`
      } else {
        if ('participant' in event) live.delete(event.participant)
        const line = describeDebateEvent(event)
        if (line) print(line)
      }
    },
    stop: () => {
      clearInterval(timer)
      live.clear()
      draw()
      render.done()
    },
  }
}
