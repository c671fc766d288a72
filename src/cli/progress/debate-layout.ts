/**
 * A debate's progress: the finished steps as lines, and the phase in flight as one row per
 * participant (thinking with the time, characters received), until it contributes or is absent.
 */
import type { DebateEvent } from '../../core/debate/events.js'
import { formatWeight } from '../../core/debate/weights.js'
import type { LiveLayout, ProgressLayout } from './layout.js'
import type { LiveRow } from './live-renderer.js'

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

function liveDebate(): LiveLayout<DebateEvent> {
  const rows = new Map<string, LiveRow>()
  return {
    rows: () => [...rows.values()],
    onEvent: (event, screen) => {
      if (event.type === 'phase-started') {
        screen.print(describeDebateEvent(event) ?? '')
        for (const alias of event.participants)
          rows.set(alias, { label: `@${alias}`, state: 'queued', detail: 'queued', started: null })
      } else if (event.type === 'participant-started') {
        rows.set(event.participant, {
          label: `@${event.participant}`,
          state: 'thinking',
          detail: 'thinking',
          started: Date.now(),
        })
      } else if (event.type === 'participant-text') {
        const row = rows.get(event.participant)
        if (row) row.detail = `writing (${event.chars} chars)`
      } else {
        if ('participant' in event) rows.delete(event.participant)
        const line = describeDebateEvent(event)
        if (line) screen.print(line)
      }
    },
    finish: () => rows.clear(),
  }
}

export const debateLayout: ProgressLayout<DebateEvent> = {
  describe: describeDebateEvent,
  chatty: (event) => event.type === 'participant-text',
  // '@' + the alias padded to 12, as before
  style: { indent: '    ', labelWidth: 13 },
  live: liveDebate,
}
