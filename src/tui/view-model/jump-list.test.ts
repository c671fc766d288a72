import { describe, expect, it } from 'vitest'

import { describeDiscussion } from '../../core/discussion/describe.js'
import { discussionStatus } from '../../core/discussion/status.js'
import { parseDiscussion } from '../../core/format/parse.js'
import { jumpList, nextJump } from './jump-list.js'

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
})
