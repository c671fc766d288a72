import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { commentAtLine, firstUnread, jumpTargets, nextTarget, unreadCount } from './jumps.js'

const comments = [
  { line: 10, vote: null },
  { line: 20, vote: 'REJECT' as const },
  { line: 30, vote: 'READY' as const },
  { line: 40, vote: 'REJECT' as const },
]
const items = {
  questions: [{ line: 12 }, { line: 15 }, { line: 44 }],
  concerns: [{ line: 31 }],
  decisions: [],
}

describe('jumpTargets', () => {
  it('maps each item to the comment holding its line, once each, in order', () => {
    expect(jumpTargets(comments, items, 'question')).toEqual([0, 3])
    expect(jumpTargets(comments, items, 'concern')).toEqual([2])
    expect(jumpTargets(comments, items, 'decision')).toEqual([])
    expect(jumpTargets(comments, items, 'reject')).toEqual([1, 3])
  })

  it('leaves out an item above the first comment', () => {
    expect(jumpTargets(comments, { ...items, questions: [{ line: 3 }] }, 'question')).toEqual([])
  })
})

describe('nextTarget', () => {
  it('steps forward and back from the current comment, wrapping at the ends', () => {
    expect(nextTarget([0, 3], null, 1)).toBe(0)
    expect(nextTarget([0, 3], null, -1)).toBe(3)
    expect(nextTarget([0, 3], 0, 1)).toBe(3)
    expect(nextTarget([0, 3], 1, 1)).toBe(3)
    expect(nextTarget([0, 3], 3, 1)).toBe(0)
    expect(nextTarget([0, 3], 3, -1)).toBe(0)
    expect(nextTarget([0, 3], 0, -1)).toBe(3)
    expect(nextTarget([], 2, 1)).toBeNull()
  })

  it('always lands on a target, never the one it starts from unless it is the only one', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(200), { minLength: 1 }).map((a) => a.sort((x, y) => x - y)),
        fc.nat(200),
        fc.constantFrom(1 as const, -1 as const),
        (targets, from, direction) => {
          const to = nextTarget(targets, from, direction)
          expect(to).not.toBeNull()
          expect(targets).toContain(to)
          if (targets.length > 1) expect(to).not.toBe(from)
        },
      ),
    )
  })
})

describe('reading', () => {
  it('finds the first unread comment and counts the new ones', () => {
    expect(firstUnread(5, null)).toBe(0)
    expect(firstUnread(5, 3)).toBe(3)
    expect(firstUnread(5, 5)).toBeNull()
    expect(firstUnread(5, 9)).toBeNull()
    expect(unreadCount(5, 3)).toBe(2)
    expect(unreadCount(5, null)).toBe(5)
    expect(unreadCount(2, 5)).toBe(0)
  })

  it('commentAtLine is the last comment at or above a line', () => {
    expect(commentAtLine(comments, 9)).toBe(-1)
    expect(commentAtLine(comments, 20)).toBe(1)
    expect(commentAtLine(comments, 1000)).toBe(3)
  })
})
