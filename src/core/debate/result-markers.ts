/**
 * RESULT lines: how a round ended and how the debate ended, in words a reader understands and
 * `read-state.ts` parses back.
 *
 *   RESULT: round 1, consensus on P2
 *   RESULT: round 1, run-off between P1, P3
 *   RESULT: round 1, no proposal passed
 *   RESULT: escalated after 3 rounds: no proposal reached 2/3 of the voting weight
 *   RESULT: accepted P2 by Alice
 *   RESULT: rejected by Alice
 */
import type { DebateOutcome, RoundResult } from './model.js'

export type ParsedResult =
  | { kind: 'round'; round: number; result: RoundResult }
  | { kind: 'outcome'; outcome: DebateOutcome }

export function formatRoundResult(round: number, result: RoundResult): string {
  const what =
    result.kind === 'consensus'
      ? `consensus on ${result.proposal}`
      : result.kind === 'runoff'
        ? `run-off between ${result.proposals.join(', ')}`
        : 'no proposal passed'
  return `RESULT: round ${round}, ${what}`
}

export function formatOutcome(outcome: DebateOutcome): string {
  switch (outcome.kind) {
    case 'consensus':
      return formatRoundResult(outcome.round, { kind: 'consensus', proposal: outcome.proposal })
    case 'escalated':
      return `RESULT: escalated after ${outcome.rounds} round${outcome.rounds === 1 ? '' : 's'}: ${outcome.reason.replace(/\s+/g, ' ')}`
    case 'accepted':
      return `RESULT: accepted ${outcome.proposal} by ${outcome.by}`
    case 'rejected':
      return `RESULT: rejected by ${outcome.by}`
  }
}

export function parseResult(head: string): ParsedResult | null {
  const round = /^round (\d+), (.*)$/.exec(head)
  if (round) {
    const number = Number(round[1])
    const what = round[2] ?? ''
    const consensus = /^consensus on (\S+)$/.exec(what)
    if (consensus)
      return {
        kind: 'round',
        round: number,
        result: { kind: 'consensus', proposal: consensus[1] ?? '' },
      }
    const runoff = /^run-off between (.+)$/.exec(what)
    if (runoff)
      return {
        kind: 'round',
        round: number,
        result: { kind: 'runoff', proposals: (runoff[1] ?? '').split(/\s*,\s*/) },
      }
    if (what === 'no proposal passed')
      return { kind: 'round', round: number, result: { kind: 'none' } }
    return null
  }
  const escalated = /^escalated after (\d+) rounds?(?:: (.*))?$/.exec(head)
  if (escalated)
    return {
      kind: 'outcome',
      outcome: { kind: 'escalated', rounds: Number(escalated[1]), reason: escalated[2] ?? '' },
    }
  const accepted = /^accepted (\S+) by (.+)$/.exec(head)
  if (accepted)
    return {
      kind: 'outcome',
      outcome: { kind: 'accepted', proposal: accepted[1] ?? '', by: accepted[2] ?? '' },
    }
  const rejected = /^rejected by (.+)$/.exec(head)
  if (rejected) return { kind: 'outcome', outcome: { kind: 'rejected', by: rejected[1] ?? '' } }
  return null
}
