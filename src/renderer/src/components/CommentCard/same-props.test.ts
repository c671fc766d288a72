import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import type { CommentInfo } from '@shared/contract'
import { sameCardProps } from './same-props'

const comment = fc.record<CommentInfo>({
  index: fc.nat(),
  author: fc.string(),
  body: fc.string(),
  vote: fc.constantFrom('READY', 'CHANGES', 'REJECT', null),
  human: fc.boolean(),
  line: fc.nat(),
  current: fc.boolean(),
  closed: fc.boolean(),
})
const onOpenLink = (): void => {}

describe('a comment card keeps its render', () => {
  it('for a copy of the same comment, and not when any field differs', () => {
    fc.assert(
      fc.property(comment, comment, (a, b) => {
        expect(sameCardProps({ comment: a, onOpenLink }, { comment: { ...a }, onOpenLink })).toBe(
          true,
        )
        const equal = (Object.keys(a) as (keyof CommentInfo)[]).every((key) => a[key] === b[key])
        expect(sameCardProps({ comment: a, onOpenLink }, { comment: b, onOpenLink })).toBe(equal)
      }),
    )
  })
})
