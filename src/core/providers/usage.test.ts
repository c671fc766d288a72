import { describe, expect, it } from 'vitest'

import { costOf, estimateTokens, estimateUsage, formatCost } from './usage.js'

describe('usage and cost', () => {
  it('estimates a token for every four characters, marked as estimated', () => {
    expect(estimateTokens('')).toBe(0)
    expect(estimateTokens('abcde')).toBe(2)
    expect(estimateUsage('x'.repeat(400), 'y'.repeat(41))).toEqual({
      inputTokens: 100,
      outputTokens: 11,
      estimated: true,
    })
  })

  it('prices tokens in USD per million, and knows when it cannot', () => {
    const usage = { inputTokens: 2_000, outputTokens: 1_000, estimated: false }
    expect(costOf(usage, { input_per_mtok: 3, output_per_mtok: 15 })).toBeCloseTo(0.021, 10)
    expect(costOf(usage)).toBeNull()
    expect(costOf(usage, { input_per_mtok: 0, output_per_mtok: 0 })).toBe(0)
  })

  it('shows small costs without calling them free', () => {
    expect(formatCost(0)).toBe('$0')
    expect(formatCost(0.021)).toBe('$0.0210')
    expect(formatCost(0.000042)).toBe('$0.000042')
    expect(formatCost(0.0000001)).toBe('<$0.000001')
  })
})
