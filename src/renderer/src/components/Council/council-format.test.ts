import { describe, expect, it } from 'vitest'

import { callCount, stageLine, stageTime, stageTitle } from './council-format'

const usage = {
  stage: 'round 1',
  calls: 1,
  inputTokens: 1234,
  outputTokens: 56,
  estimated: false,
  costUsd: 0.0012,
  unpricedCalls: 0,
  elapsedMs: 4200,
}

describe('council figures in words', () => {
  it('says 1 call, not 1 calls', () => {
    expect(callCount(1)).toBe('1 call')
    expect(callCount(3)).toBe('3 calls')
    expect(callCount(0)).toBe('0 calls')
  })

  it('shows an unknown time as a dash, never as 0', () => {
    expect(stageTime(null)).toBe('—')
    expect(stageTime(4200)).toBe('4.2 s')
    expect(stageTime(0)).toBe('0 ms')
  })

  it('puts a stage on one line: calls, tokens, cost, time', () => {
    expect(stageLine(usage)).toBe('1 call · 1,234 in · 56 out · $0.0012 · 4.2 s')
    expect(
      stageLine({ ...usage, calls: 2, costUsd: null, unpricedCalls: 2, elapsedMs: null }),
    ).toBe('2 calls · 1,234 in · 56 out · cost unknown · —')
    expect(stageLine({ ...usage, unpricedCalls: 1 })).toContain('$0.0012 + 1 unpriced')
  })

  it('titles a stage', () => {
    expect(stageTitle('round 2')).toBe('Round 2')
    expect(stageTitle('synthesis')).toBe('Synthesis')
  })
})
