import { describe, expect, it } from 'vitest'

import { describeDiscussion } from '../discussion/describe.js'
import { discussionStatus } from '../discussion/status.js'
import { parseDiscussion } from '../format/parse.js'
import { commentAtLine, jumpTargets, nextTarget } from './jump-targets.js'

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

describe('jump targets', () => {
  const view = describeDiscussion(parseDiscussion(TEXT))
  const status = discussionStatus(view, {})
  const targets = jumpTargets(view, status)

  it('lists questions, concerns, decisions and REJECT votes in file order with their comments (a REJECT at its comment start)', () => {
    expect(targets.map((target) => [target.kind, target.comment])).toEqual([
      ['question', 0],
      ['reject', 1],
      ['concern', 1],
      ['decision', 2],
    ])
    expect(commentAtLine(view, 3)).toBeNull()
  })

  it('steps forward and back from a comment', () => {
    expect(nextTarget(targets, -1, 1)?.kind).toBe('question')
    expect(nextTarget(targets, 1, 1)?.kind).toBe('decision')
    expect(nextTarget(targets, 2, -1)?.comment).toBe(1)
    expect(nextTarget(targets, 0, -1)).toBeNull()
  })
})
