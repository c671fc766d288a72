import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { discussionLikeText } from '../../../test/support/arbitraries.js'
import { describeDiscussion } from '../../core/discussion/describe.js'
import { parseDiscussion } from '../../core/format/parse.js'
import { oneLongComment } from '../../../test/tui/long-fixtures.js'
import { discussionHead } from './discussion-head.js'

const comments = (text: string) =>
  describeDiscussion(parseDiscussion(text)).comments.map(({ author, line, body, vote }) => ({
    author,
    line,
    body,
    vote,
  }))

describe('discussionHead', () => {
  it('cuts any text after a delimiter line, its comments the first ones of the whole text', () => {
    fc.assert(
      fc.property(discussionLikeText, fc.nat({ max: 400 }), (text, atLeast) => {
        const head = discussionHead(text, atLeast)
        if (head === null) return
        expect(text.startsWith(head)).toBe(true)
        expect(head.length).toBeGreaterThanOrEqual(atLeast)
        expect(head).toMatch(/(^|\n)---[ \t]*\r?\n$/)
        const inHead = comments(head)
        expect(inHead).toEqual(comments(text).slice(0, inHead.length))
      }),
      { numRuns: 300 },
    )
  })

  it('never cuts inside a code fence', () => {
    const text = `# T\n\n---\n\nName: A\n\n\`\`\`\n${'x\n'.repeat(50)}---\n\`\`\`\n\n---\n\nName: B\n\nok\n\n---\n`
    const head = discussionHead(text, 20)
    expect(head).not.toBeNull()
    expect(comments(head ?? '')).toEqual(comments(text).slice(0, 1))
    expect(head?.endsWith('```\n\n---\n')).toBe(true)
  })

  it('leaves short texts whole, and a file of one huge comment with nothing to cut before it', () => {
    expect(discussionHead('# T\n\n---\n', 100)).toBeNull()
    const long = oneLongComment(6 * 1024 * 1024)
    expect(discussionHead(long, 1024)).toBeNull()
  })
})
