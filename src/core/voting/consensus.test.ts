import { describe, expect, it } from 'vitest'

import { calculateConsensus, isHumanName, meetsThreshold } from './consensus.js'
import { describeConsensus } from './verdict.js'

describe('calculateConsensus', () => {
  // The seed's test_voting.py examples, exactly as written.
  it('reaches consensus with 2 of 3 READY at threshold 0.67', () => {
    const votes = {
      'AI-Architect': 'READY',
      'AI-Security': 'READY',
      'AI-Pragmatist': 'CHANGES',
    } as const
    const result = calculateConsensus(votes, { threshold_ready: 0.67 })
    expect(result.reached).toBe(true)
    expect(result.outcome).toBe('READY')
  })

  it('is blocked by one REJECT at threshold_reject 0.01', () => {
    const votes = {
      'AI-Architect': 'READY',
      'AI-Security': 'REJECT',
      'AI-Pragmatist': 'READY',
    } as const
    const result = calculateConsensus(votes, { threshold_reject: 0.01 })
    expect(result.reached).toBe(false)
    expect(result.blocked_by).toEqual(['AI-Security'])
    expect(result.reason).toBe('blocked by AI-Security')
    expect(describeConsensus(result)).toBe('No consensus yet: blocked by AI-Security.')
  })

  it('counts every vote value', () => {
    const result = calculateConsensus({ a: 'READY', b: 'CHANGES', c: 'CHANGES', d: null })
    expect(result.counts).toEqual({ READY: 1, CHANGES: 2, REJECT: 0 })
    expect(result.total).toBe(3)
    expect(result.reached).toBe(false)
    expect(result.reason).toBe('1 of 3 READY, needs 67%')
  })

  it('needs a human READY when human_required', () => {
    const ai = { 'AI-Architect': 'READY', 'AI-Security': 'READY' } as const
    const needs = calculateConsensus(ai, { human_required: true })
    expect(needs.reached).toBe(false)
    expect(needs.human_approved).toBe(false)
    expect(describeConsensus(needs)).toBe('No consensus yet: 2 of 2 READY, needs a human READY.')
    const withRob = calculateConsensus({ ...ai, Rob: 'READY' }, { human_required: true })
    expect(withRob).toMatchObject({ reached: true, outcome: 'READY', human_approved: true })
    expect(describeConsensus(withRob)).toBe('Consensus reached: 3 of 3 READY.')
  })

  it('defaults human_required to false, as the seed examples assume', () => {
    expect(calculateConsensus({ 'AI-A': 'READY' }).reached).toBe(true)
  })

  it('reaches a REJECT outcome when rejection meets the ready threshold', () => {
    const result = calculateConsensus({ 'AI-A': 'REJECT', 'AI-B': 'REJECT', 'AI-C': 'READY' })
    expect(result).toMatchObject({ reached: true, outcome: 'REJECT', blocked_by: ['AI-A', 'AI-B'] })
  })

  it('lets a higher reject threshold tolerate a lone REJECT', () => {
    const votes = { a: 'READY', b: 'READY', c: 'READY', d: 'READY', e: 'REJECT' } as const
    expect(calculateConsensus(votes, { threshold_reject: 0.5 }).reached).toBe(true)
    expect(calculateConsensus(votes, { threshold_reject: 0.2 }).blocked_by).toEqual(['e'])
  })

  it('has no consensus without votes', () => {
    expect(calculateConsensus({})).toMatchObject({ reached: false, outcome: null, total: 0 })
  })
})

describe('meetsThreshold', () => {
  it('compares at two decimals', () => {
    expect(meetsThreshold(2 / 3, 0.67)).toBe(true)
    expect(meetsThreshold(0.66, 0.67)).toBe(false)
    expect(meetsThreshold(1 / 3, 0.34)).toBe(false)
    expect(meetsThreshold(1 / 100, 0.01)).toBe(true)
    expect(meetsThreshold(1 / 250, 0.01)).toBe(false)
  })
})

describe('isHumanName', () => {
  it.each([
    ['AI-Architect', false],
    ['ai_security', false],
    ['Bot-Helper', false],
    ['BOT_x', false],
    ['Rob', true],
    ['Aiden', true],
    ['Robot-1', true],
  ])('%s is human: %s', (name, human) => {
    expect(isHumanName(name)).toBe(human)
  })
})
