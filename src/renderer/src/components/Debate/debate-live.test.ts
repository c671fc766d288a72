import { describe, expect, it } from 'vitest'

import {
  adoptCouncilRun,
  adoptRecordedProgress,
  IDLE as COUNCIL_IDLE,
  reduceLive,
} from '../Council/council-live'
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

describe('a council view that opens after the first words streamed', () => {
  const recorded = {
    thinking: ['council-r1-skeptic', 'council-r1-visionary'],
    streams: { 'council-r1-skeptic': 'The Skeptic on the council' },
    failed: {},
  }

  it('starts from the backend record of the run', () => {
    const live = adoptRecordedProgress(COUNCIL_IDLE, 'c1', recorded)
    expect(live.runId).toBe('c1')
    expect(live.calls.streams['council-r1-skeptic']).toBe('The Skeptic on the council')
    expect(live.calls.thinking).toEqual(recorded.thinking)
  })

  it('keeps what its own events said over an older record, and ignores a finished run', () => {
    const heard = reduceLive(COUNCIL_IDLE, {
      runId: 'c1',
      path,
      kind: 'event',
      event: {
        type: 'text',
        label: 'council-r1-skeptic',
        delta: ' keeps',
        text: 'The Skeptic on the council keeps',
      },
    })
    const live = adoptRecordedProgress(heard, 'c1', recorded)
    expect(live.calls.streams['council-r1-skeptic']).toBe('The Skeptic on the council keeps')
    expect(live.calls.thinking).toContain('council-r1-visionary')
    const over = reduceLive(live, { runId: 'c1', path, kind: 'error', message: 'gone' })
    expect(adoptRecordedProgress(over, 'c1', recorded)).toBe(over)
  })
})
