import { describe, expect, it } from 'vitest'

import { describeDiscussion } from '../../core/discussion/describe.js'
import { discussionStatus } from '../../core/discussion/status.js'
import { parseDiscussion } from '../../core/format/parse.js'
import { jumpList, kindJump, nextJump, unreadJump } from './jump-list.js'

const TEXT = [
  '<!-- DISCUSSION -->',
  '<!-- Title: T -->',
  '',
  '# T',
  '',
  '---',
  '',
  'Name: AI-Architect',
  '',
  'Q: Which cache?',
  '',
  'VOTE: CHANGES',
  '',
  '---',
  '',
  'Name: AI-Security',
  '',
  'CONCERN: Tokens leak.',
  '',
  'VOTE: REJECT',
  '',
  '---',
  '',
  'Name: Rob',
  '',
  'DECISION: Redis.',
  '',
  '---',
  '',
].join('\n')

describe("the terminal UI's jump list", () => {
  const view = describeDiscussion(parseDiscussion(TEXT))
  const jumps = jumpList(view, discussionStatus(view, {}))

  it('lists questions, concerns, decisions and REJECT votes by comment, with their text', () => {
    expect(jumps.map((jump) => [jump.kind, jump.comment, jump.text])).toEqual([
      ['question', 0, 'Which cache?'],
      ['concern', 1, 'Tokens leak.'],
      ['reject', 1, 'AI-Security'],
      ['decision', 2, 'Redis.'],
    ])
  })

  it('steps forward and back from a comment, without wrapping', () => {
    expect(nextJump(jumps, -1, 1)?.kind).toBe('question')
    expect(nextJump(jumps, 1, 1)?.kind).toBe('decision')
    expect(nextJump(jumps, 2, -1)?.comment).toBe(1)
    expect(nextJump(jumps, 0, -1)).toBeNull()
    expect(nextJump(jumps, 2, 1)).toBeNull()
  })

  it('steps through one kind, wrapping, and says which of how many', () => {
    const status = discussionStatus(view, {})
    expect(kindJump(view, status, 'concern', -1, 1)).toEqual({
      comment: 1,
      note: 'Concern 1 of 1 · comment #1: Tokens leak.',
    })
    expect(kindJump(view, status, 'reject', 2, 1).note).toBe(
      'REJECT vote 1 of 1 · comment #1: AI-Security',
    )
    expect(kindJump(view, status, 'question', 0, -1).comment).toBe(0)
    const none = describeDiscussion(parseDiscussion(TEXT.replace('DECISION: Redis.', 'Redis.')))
    expect(kindJump(none, discussionStatus(none, {}), 'decision', -1, 1)).toEqual({
      comment: null,
      note: 'No decision in this discussion.',
    })
  })

  it('goes to the first comment not read before, or says nothing is new', () => {
    expect(unreadJump(3, null)).toEqual({ comment: 0, note: 'First unread: comment #0, 3 new.' })
    expect(unreadJump(3, 1).comment).toBe(1)
    expect(unreadJump(3, 3).note).toBe('Nothing new since you last read this discussion.')
    // A file that lost comments since (say, edited by hand): nothing past its end.
    expect(unreadJump(3, 7).comment).toBeNull()
    expect(unreadJump(3, undefined).comment).toBeNull()
  })
})
