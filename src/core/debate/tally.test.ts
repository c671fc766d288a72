import { describe, expect, it } from 'vitest'

import { DEFAULT_SETTINGS } from './model.js'
import type { DebateRound, DebateState, Threshold } from './model.js'
import { tallyRound } from './tally.js'
import { meetsThreshold, parseThreshold } from './threshold.js'
import { defaultWeight, formatWeight, parseWeight, parseWeights } from './weights.js'

/** A one-round debate: `weights` by alias (hundredths), P<n> by the n-th, and the ballots. */
function debate(
  weights: Record<string, number>,
  ballots: Record<string, string[]>,
  extra: Partial<DebateRound> = {},
  threshold: Threshold = DEFAULT_SETTINGS.threshold,
): { state: DebateState; round: DebateRound } {
  const aliases = Object.keys(weights)
  const round: DebateRound = {
    number: 1,
    candidates: aliases.map((_, i) => `P${i + 1}`),
    critics: [],
    critiques: [],
    defenses: [],
    ballots: Object.entries(ballots).map(([voter, approves]) => ({
      round: 1,
      voter,
      approves,
      weight: weights[voter] ?? 0,
      justification: '',
    })),
    absences: [],
    result: null,
    ...extra,
  }
  const state: DebateState = {
    title: 't',
    participants: aliases.map((alias) => ({ alias, weight: weights[alias] ?? 0 })),
    settings: { ...DEFAULT_SETTINGS, threshold },
    proposals: aliases.map((author, i) => ({
      id: `P${i + 1}`,
      author,
      text: '',
      confidence: null,
      revisions: [],
    })),
    rounds: [round],
    outcome: null,
    problems: [],
  }
  return { state, round }
}

describe('the weighted 2/3 threshold', () => {
  it('passes at exactly 2/3 and fails just below, in exact arithmetic', () => {
    const equal = debate({ a: 100, b: 100, c: 100 }, { b: ['P1'], c: ['P1'] })
    expect(tallyRound(equal.state, equal.round).result).toEqual({
      kind: 'consensus',
      proposal: 'P1',
    })

    // 1.99 of 3.00: 0.6633... is below 2/3 (a float rounded to two places would say 0.66 vs 0.67
    // and agree here, but 2.00 of 3.00 = 0.6666... must pass, which `>= 0.67` would refuse).
    const below = debate({ a: 101, b: 100, c: 99 }, { b: ['P1'], c: ['P1'] })
    const tally = tallyRound(below.state, below.round)
    expect(tally.proposals[0]).toMatchObject({ approving: 199, passes: false })
    expect(tally.total).toBe(300)
    expect(tally.result).toEqual({ kind: 'none' })

    expect(meetsThreshold(2, 3, { num: 2, den: 3 })).toBe(true)
    expect(meetsThreshold(199_999, 300_000, { num: 2, den: 3 })).toBe(false)
    expect(meetsThreshold(0, 0, { num: 2, den: 3 })).toBe(false)
  })

  it('weighs architects and experts: the author of P3 weighs least, so the others carry it', () => {
    const weights = { architect: 200, security: 150, pragmatist: 100 }
    const all = { architect: ['P2', 'P3'], security: ['P1', 'P3'], pragmatist: ['P1', 'P2'] }
    const { state, round } = debate(weights, all)
    const tally = tallyRound(state, round)
    expect(tally.proposals.map((p) => [p.proposal, formatWeight(p.approving), p.passes])).toEqual([
      ['P1', '2.5', false], // 2.5 of 4.5 = 0.56
      ['P2', '3', true], // 3 of 4.5 = exactly 2/3
      ['P3', '3.5', true],
    ])
    expect(tally.result).toEqual({ kind: 'runoff', proposals: ['P2', 'P3'] })
  })

  it('counts an absent voter in the total, so a timeout never lowers the bar', () => {
    const { state, round } = debate({ a: 100, b: 100, c: 100, d: 100 }, { b: ['P1'], c: ['P1'] })
    expect(tallyRound(state, round).proposals[0]).toMatchObject({ approving: 200, passes: false })
  })

  it("ignores an author's approval of its own proposal even when the file claims it", () => {
    const { state, round } = debate({ a: 100, b: 100, c: 100 }, { a: ['P1'], b: ['P1'] })
    expect(tallyRound(state, round).proposals[0]).toMatchObject({ approvers: ['b'], passes: false })
  })

  it('keeps a blocked proposal out until its author addresses every blocking critique', () => {
    const blocking = (id: string, target: string) => ({
      id,
      round: 1,
      critic: 'b',
      target,
      severity: 'blocking' as const,
      text: '',
      keeps: null,
    })
    const ballots = { b: ['P1'], c: ['P1'] }
    const critiques = [blocking('C1.b.1', 'P1'), blocking('C1.b.2', 'P1')]
    const defenses = [{ round: 1, author: 'a', proposal: 'P1', addresses: ['C1.b.1'], text: '' }]
    const half = debate({ a: 100, b: 100, c: 100 }, ballots, { critiques, defenses })
    expect(tallyRound(half.state, half.round).proposals[0]).toMatchObject({
      blockedBy: ['C1.b.2'],
      passes: false,
    })
    const full = debate({ a: 100, b: 100, c: 100 }, ballots, {
      critiques,
      defenses: [{ ...defenses[0]!, addresses: ['C1.b.1', 'C1.b.2'] }],
    })
    expect(tallyRound(full.state, full.round).result).toEqual({ kind: 'consensus', proposal: 'P1' })
  })

  it('reads thresholds and weights exactly and refuses what is not one', () => {
    expect(parseThreshold('2/3')).toEqual({ num: 2, den: 3 })
    expect(parseThreshold('4/6')).toEqual({ num: 2, den: 3 })
    expect(parseThreshold('0.75')).toEqual({ num: 3, den: 4 })
    expect(parseThreshold('1')).toEqual({ num: 1, den: 1 })
    // 0.67 is what it says: 2 of 3 equal voters fall short of it.
    expect(meetsThreshold(2, 3, parseThreshold('0.67'))).toBe(false)
    for (const bad of ['3/2', '0', '-1/3', 'two thirds', '1/0'])
      expect(() => parseThreshold(bad)).toThrow(/threshold/)
    expect(parseWeight('1.5')).toBe(150)
    expect(parseWeight('0')).toBe(0)
    expect(() => parseWeight('-1')).toThrow(/never|0 or more/)
    expect(() => parseWeight('1.234')).toThrow(/two decimals/)
    expect(parseWeights('@architect=2, security:1.25')).toEqual({ architect: 200, security: 125 })
    expect(defaultWeight('architect', 'Systems Architect')).toBe(200)
    expect(defaultWeight('security', 'Security Engineer')).toBe(150)
    expect(defaultWeight('pragmatist', 'Pragmatic Engineer')).toBe(100)
  })
})
