import { describe, expect, it } from 'vitest'

import type { TurnResult } from '../core/turns/run-turn.js'
import { formatTurnSummary } from './turn-summary.js'

function result(over: Partial<TurnResult>): TurnResult {
  return {
    selection: { aliases: ['architect'], source: 'explicit' } as unknown as TurnResult['selection'],
    answers: [],
    votes: { READY: 0, CHANGES: 0, REJECT: 0 },
    usage: { inputTokens: 0, outputTokens: 0, estimated: true },
    costUsd: null,
    phase: null,
    cancelled: false,
    budgetStopped: false,
    ...over,
  }
}

const done = (participant: string) =>
  ({
    participant,
    outcome: 'done',
    event: { type: 'done', participant, provider: 'scripted' },
  }) as unknown as TurnResult['answers'][number]

describe('formatTurnSummary', () => {
  it('says what happened in order when the turn moves the phase', () => {
    const lines = formatTurnSummary(
      result({
        answers: [done('a'), done('b'), done('c')],
        votes: { READY: 3, CHANGES: 0, REJECT: 0 },
        phase: {
          from: 'consensus_vote',
          advanceTo: 'detailed_review',
          status: null,
          reason: 'Consensus reached: 3 of 3 READY.',
        },
      }),
      'No consensus yet: no votes yet.',
      (id) => ({ consensus_vote: 'Consensus Vote', detailed_review: 'Detailed Review' })[id] ?? id,
    )
    expect(lines.slice(0, 2)).toEqual([
      'Discussion updated with 3 new comments.',
      'This turn: READY 3, CHANGES 0, REJECT 0; consensus reached: 3 of 3 READY; phase moved from Consensus Vote to Detailed Review, votes reset.',
    ])
    // The reset phase's "no votes yet" would contradict the line above; it is not printed.
    expect(lines.join('\n')).not.toContain('No consensus yet')
  })

  it('gives the verdict now when the phase stays, with plurals that read right', () => {
    const lines = formatTurnSummary(
      result({ answers: [done('a')], votes: { READY: 0, CHANGES: 1, REJECT: 0 } }),
      'No consensus yet: 0 of 1 READY, needs 67%.',
    )
    expect(lines.slice(0, 3)).toEqual([
      'Discussion updated with 1 new comment.',
      'This turn: READY 0, CHANGES 1, REJECT 0.',
      'No consensus yet: 0 of 1 READY, needs 67%.',
    ])
  })
})
