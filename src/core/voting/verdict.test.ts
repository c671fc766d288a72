import { describe, expect, it } from 'vitest'

import { calculateConsensus, DEFAULT_CONSENSUS } from './consensus.js'
import { describeConsensus, describeRule } from './verdict.js'

const twoOfThree = { 'AI-Architect': 'READY', 'AI-Security': 'CHANGES', Rob: 'READY' } as const
const twoAiOfThree = {
  'AI-Architect': 'READY',
  'AI-Security': 'CHANGES',
  'AI-Ops': 'READY',
} as const

describe('describeConsensus', () => {
  it('words a reached, a rejected and an open verdict', () => {
    expect(describeConsensus(calculateConsensus(twoOfThree, { human_required: true }))).toBe(
      'Consensus reached: 2 of 3 READY.',
    )
    expect(describeConsensus(calculateConsensus({ 'AI-A': 'REJECT' }))).toBe(
      'Rejected: 1 of 1 REJECT.',
    )
    expect(describeConsensus(calculateConsensus({}))).toBe('No consensus yet: no votes yet.')
  })

  it('gives the same words for the same votes under the same rules, whoever asks', () => {
    // What `votes` once said ("Consensus reached") where `status` said "needs a human READY".
    const rules = { ...DEFAULT_CONSENSUS, human_required: true }
    const verdict = describeConsensus(calculateConsensus(twoAiOfThree, rules))
    expect(verdict).toBe('No consensus yet: 2 of 3 READY, needs a human READY.')
    expect(describeConsensus(calculateConsensus(twoAiOfThree, rules), { phaseVotes: true })).toBe(
      verdict,
    )
  })

  it('never says "Consensus reached" in a phase that does not vote', () => {
    const reached = calculateConsensus(twoOfThree)
    expect(reached.reached).toBe(true)
    const words = describeConsensus(reached, { phaseVotes: false, phase: 'brainstorm' })
    expect(words).toBe(
      'No vote in this phase (brainstorm); the votes so far (2 of 3 READY) decide nothing here.',
    )
    expect(words).not.toMatch(/consensus reached/i)
    expect(describeConsensus(calculateConsensus({}), { phaseVotes: false })).toBe(
      'No vote in this phase.',
    )
  })
})

describe('describeRule', () => {
  it('states the thresholds and whether a human READY is needed', () => {
    expect(describeRule({ ...DEFAULT_CONSENSUS, human_required: true })).toBe(
      'READY at 67% of the votes, with at least one human READY; any REJECT blocks.',
    )
    expect(
      describeRule({ threshold_ready: 0.75, threshold_reject: 0.34, human_required: false }),
    ).toBe('READY at 75% of the votes, no human READY needed; REJECT at 34% of the votes blocks.')
  })
})
