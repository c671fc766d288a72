/**
 * A council or debate run the budget stopped ends with its own words, told in grey like a cancel
 * (never the failure's colour), saying what was kept and how to go on.
 */
import { expect, it } from 'vitest'

import { IDLE as COUNCIL_IDLE, reduceLive } from '../Council/council-live'
import { IDLE as DEBATE_IDLE, reduceDebateLive } from '../Debate/debate-live'

it('a council stopped by the budget says so, apart from a failure', () => {
  const live = reduceLive(COUNCIL_IDLE, {
    runId: 'r1',
    path: '/c.md',
    kind: 'finished',
    complete: false,
    cancelled: false,
    budgetStopped: true,
    failed: [{ label: 'council-referee', reason: 'budget: its worst case …' }],
  })
  expect(live.ended).toMatch(
    /^The budget stopped the council between steps: the answers that arrived are saved/,
  )
  expect(live.ended).toMatch(/Resume continues with the calls left/)
  expect(live.cancelled).toBe(true) // the grey notice, not the failure's
})

it('a debate stopped by the budget says so, apart from a failure', () => {
  const live = reduceDebateLive(DEBATE_IDLE, {
    runId: 'r1',
    path: '/d.md',
    kind: 'finished',
    cancelled: false,
    budgetStopped: true,
    outcome: null,
  })
  expect(live.ended).toMatch(/^The budget stopped the debate between steps/)
  expect(live.cancelled).toBe(true)
})
