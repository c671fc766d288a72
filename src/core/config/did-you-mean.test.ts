import { describe, expect, it } from 'vitest'

import { didYouMean, editDistance } from './did-you-mean.js'

describe('didYouMean', () => {
  it('offers a close match for a typo, a swap or a short form', () => {
    const keys = ['name', 'alias', 'role', 'personality', 'expertise', 'concerns']
    expect(didYouMean('personalty', keys)).toBe('personality')
    expect(didYouMean('rloe', keys)).toBe('role')
    expect(didYouMean('Expertise', keys)).toBe('expertise')
    expect(didYouMean('arch', ['architect', 'security'])).toBe('architect')
  })

  it('offers nothing when no candidate is close', () => {
    expect(didYouMean('colour', ['name', 'alias', 'role'])).toBeNull()
    expect(didYouMean('x', [])).toBeNull()
  })

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('abcd', 'abdc')).toBe(1)
    expect(editDistance('kitten', 'sitting')).toBe(3)
  })
})
