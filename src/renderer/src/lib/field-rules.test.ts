import { describe, expect, it } from 'vitest'

import { REQUEST_SCHEMAS } from '@shared/contract'
import { counterText, fieldProblem, limitOf } from './field-rules'

const create = REQUEST_SCHEMAS['discussions:create'].shape

describe('field rules', () => {
  it('reads the limits from the contract, optional fields too', () => {
    expect(limitOf(create.title)).toBe(200)
    expect(limitOf(create.context)).toBe(100_000)
    expect(limitOf(create.folder)).toBe(4096)
  })

  it('gives empty and all-blank input the same message', () => {
    const rule = { name: 'title', max: 200, required: true }
    const empty = fieldProblem('', rule)
    expect(empty).toBe('The title is empty. Type a few words; spaces alone do not count.')
    expect(fieldProblem('   \t ', rule)).toBe(empty)
    expect(fieldProblem('A title', rule)).toBeNull()
    expect(fieldProblem('', { ...rule, required: false })).toBeNull()
  })

  it('says by how much a value is over its limit, in words', () => {
    const rule = { name: 'title', max: 200, required: true }
    expect(fieldProblem('x'.repeat(10_000), rule)).toBe(
      'The title is 10,000 characters; the limit is 200. Shorten it by 9,800.',
    )
    expect(fieldProblem('x'.repeat(200), rule)).toBeNull()
    expect(counterText('x'.repeat(12), 200)).toBe('12 / 200')
  })
})
