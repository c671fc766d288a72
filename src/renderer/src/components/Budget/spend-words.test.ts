/**
 * The header's spend in words: unknown is never $0, a partial sum says so, and the warning comes
 * at `warn_at` of the per-discussion cap, in words, the one-line form keeping it alone.
 */
import { describe, expect, it } from 'vitest'

import type { DiscussionSpendInfo } from '@shared/contract'
import type { ParticipantRow } from '../RunTurn/turn-state'
import { spendWords, turnSpend } from './spend-words'

const spend = (patch: Partial<DiscussionSpendInfo>): DiscussionSpendInfo => ({
  answers: 3,
  inputTokens: 3100,
  outputTokens: 1500,
  estimated: false,
  costUsd: 0.0318,
  unpriced: 0,
  capUsd: null,
  warnAt: 0.8,
  ...patch,
})

const row = (patch: Partial<ParticipantRow>): ParticipantRow =>
  ({ alias: 'architect', state: 'done', usage: null, costUsd: null, ...patch }) as ParticipantRow

describe('spendWords', () => {
  it('says unknown, never $0, when no answer was priced', () => {
    const words = spendWords(spend({ costUsd: null, unpriced: 3 }), null)
    expect(words.total).toBe('Spent unknown')
    expect(words.short).toBe('unknown')
    expect(words.warning).toBeNull()
  })

  it('marks a sum that leaves out unpriced answers as partial, and estimated counts', () => {
    const words = spendWords(spend({ unpriced: 1, estimated: true }), null)
    expect(words.total).toBe('Spent $0.0318 (partial: 1 answer unpriced)')
    expect(words.tokens).toBe('3.1k in / 1.5k out (estimated)')
    expect(words.short).toBe('$0.0318 (partial)')
  })

  it('warns from warn_at of the cap, and says when the cap is spent', () => {
    expect(spendWords(spend({ capUsd: 0.05 }), null).warning).toBeNull() // 64 %
    const near = spendWords(spend({ capUsd: 0.039 }), null)
    expect(near.warning).toBe('82% of the $0.0390 budget')
    expect(near.short).toBe('82% of budget')
    const over = spendWords(spend({ capUsd: 0.03 }), null)
    expect(over.warning).toBe('budget spent: 106% of $0.0300')
    expect(over.short).toBe('budget spent')
  })

  it('adds the running turn, so far, from its finished answers', () => {
    const figures = turnSpend([
      row({ usage: { inputTokens: 1000, outputTokens: 500, estimated: false }, costUsd: 0.0105 }),
      row({ alias: 'security', state: 'streaming' }),
      row({ alias: 'pragmatist', usage: { inputTokens: 900, outputTokens: 500, estimated: true } }),
    ])
    expect(figures).toMatchObject({ answers: 2, costUsd: 0.0105, unpriced: 1, estimated: true })
    const words = spendWords(spend({}), { figures, running: true })
    expect(words.turn).toBe('this turn $0.0105 (partial: 1 answer unpriced) so far')
    expect(words.short).toBe('$0.0318 · turn $0.0105 (partial)')
    expect(
      spendWords(spend({ answers: 0, costUsd: null }), {
        figures: turnSpend([]),
        running: true,
      }).turn,
    ).toBe('this turn: nothing yet')
  })
})
