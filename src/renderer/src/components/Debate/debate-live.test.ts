import { describe, expect, it } from 'vitest'

import { adoptCouncilRun, IDLE as COUNCIL_IDLE, reduceLive } from '../Council/council-live'
import { adoptDebateRun, IDLE, reduceDebateLive } from './debate-live'

const path = '/d/pick-a-queue.md'

describe('a run that finishes before the word that names it', () => {
  it('debate: stays finished when the start reply or a stale read arrives late', () => {
    const finished = reduceDebateLive(IDLE, {
      runId: 'r1',
      path,
      kind: 'finished',
      cancelled: false,
    } as Parameters<typeof reduceDebateLive>[1])
    expect(adoptDebateRun(finished, 'r1').runId).toBeNull()
    // A new run is still followed.
    expect(adoptDebateRun(finished, 'r2').runId).toBe('r2')
  })

  it('debate: follows the run it started, keeping events that came before the reply', () => {
    const running = reduceDebateLive(IDLE, {
      runId: 'r1',
      path,
      kind: 'event',
      event: { type: 'phase-started', phase: 'propose', round: 1, participants: ['architect'] },
    })
    expect(adoptDebateRun(running, 'r1')).toBe(running)
  })

  it('council: stays finished when the resume reply arrives late', () => {
    const finished = reduceLive(COUNCIL_IDLE, {
      runId: 'c1',
      path,
      kind: 'finished',
      cancelled: false,
      failed: [],
    } as unknown as Parameters<typeof reduceLive>[1])
    expect(adoptCouncilRun(finished, 'c1').runId).toBeNull()
    expect(adoptCouncilRun(finished, 'c2').runId).toBe('c2')
  })
})
