import { describe, expect, it } from 'vitest'

import { phaseTitle } from '../../src/renderer/src/components/RunTurn/phase-names.js'
import { applyProgress, startTurn } from '../../src/renderer/src/components/RunTurn/turn-state.js'
import { TurnStore } from '../../src/renderer/src/components/RunTurn/turn-store.js'
import type { TurnProgress } from '../../src/shared/contract/index.js'

const usage = { inputTokens: 10, outputTokens: 5, estimated: false }
const at = (
  turnId: string,
  e: Extract<TurnProgress, { kind: 'event' }>['event'],
): TurnProgress => ({
  turnId,
  path: '/d.md',
  kind: 'event',
  event: e,
})
const finished = (turnId: string, cancelled: boolean): TurnProgress => ({
  turnId,
  path: '/d.md',
  kind: 'finished',
  outcome: {
    cancelled,
    votes: { READY: 1, CHANGES: 0, REJECT: 0 },
    usage,
    costUsd: null,
    phase: null,
  },
})

describe('a turn shown in the thread', () => {
  it("shows the person's own cancel as cancelled, a provider's failure as failed", () => {
    let state = startTurn('t1', '/d.md', ['architect', 'security'])
    state = applyProgress(
      state,
      at('t1', { type: 'failed', participant: 'security', reason: 'quota exceeded' }),
    )
    state = { ...state, cancelRequested: true }
    state = applyProgress(
      state,
      at('t1', { type: 'failed', participant: 'architect', reason: 'the operation was aborted' }),
    )
    state = applyProgress(state, finished('t1', true))
    expect(state.rows.map((row) => [row.alias, row.state])).toEqual([
      ['architect', 'cancelled'],
      ['security', 'failed'],
    ])
  })

  it('keeps the other answers when one failed participant is retried, even before the start answers', () => {
    const events: ((p: TurnProgress) => void)[] = []
    const store = new TurnStore((listener) => {
      events.push(listener)
      return () => {}
    })
    const send = (p: TurnProgress): void => events.forEach((listener) => listener(p))
    store.started('t1', '/d.md', ['architect', 'pragmatist'], { callout: 'Safe?', provider: 'x' })
    send(
      at('t1', {
        type: 'done',
        participant: 'architect',
        author: 'AI-Architect',
        vote: 'READY',
        provider: 'x',
        durationMs: 5,
        usage,
        costUsd: null,
        line: 12,
        note: null,
      }),
    )
    send(at('t1', { type: 'failed', participant: 'pragmatist', reason: 'quota exceeded' }))
    send(finished('t1', false))

    store.retrying('/d.md', ['pragmatist'])
    // The retry's first event arrives before turns:start answered with its id.
    send(at('t2', { type: 'started', participant: 'pragmatist' }))
    let turn = store.get('/d.md')
    expect(turn?.turnId).toBe('t2')
    expect(turn?.rows.map((row) => [row.alias, row.state])).toEqual([
      ['architect', 'done'],
      ['pragmatist', 'thinking'],
    ])
    expect(turn?.request).toEqual({ callout: 'Safe?', provider: 'x' })
    store.started('t2', '/d.md', ['pragmatist'])
    turn = store.get('/d.md')
    expect(turn?.rows.find((row) => row.alias === 'architect')?.line).toBe(12)
    expect(turn?.outcome).toBeNull()
  })

  it('names phases as the template does, never as raw ids', () => {
    const phases = [
      { id: 'detailed_review', title: 'Detailed review', goal: null, voting: true },
      { id: 'consensus_vote', title: 'Consensus vote', goal: null, voting: true },
    ]
    expect(phaseTitle(phases, 'consensus_vote')).toBe('Consensus vote')
    expect(phaseTitle(phases, 'unknown_phase')).toBe('unknown phase')
  })
})
