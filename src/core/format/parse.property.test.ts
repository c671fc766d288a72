import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { anyLine, commentText, discussionLikeText } from '../../../test/support/arbitraries.js'
import { writtenBody } from '../../../test/support/written-text.js'
import { admitName, admitText } from '../text/text.js'
import { personBody } from './comment-body.js'
import { fenceOpener } from './fences.js'
import type { Vote } from './model.js'
import { parseDiscussion } from './parse.js'
import { formatCommentBlock, serializeDiscussion } from './serialize.js'

/** A person's comment as the engine appends it: through the door, their VOTE lines counting. */
const block = (author: string, text: string, vote: Vote | null = null): string =>
  formatCommentBlock(admitName(author), personBody(admitText(text)), vote)
const written = (text: string): string => writtenBody(text, { votes: true })

const HEADER = '<!-- DISCUSSION -->\n<!-- Title: T -->\n<!-- Phase: review -->\n\n# T\n\n---\n'

describe('parseDiscussion (properties)', () => {
  it('never throws and round-trips any text byte for byte', () => {
    fc.assert(
      fc.property(
        fc.oneof(discussionLikeText, fc.string(), fc.string({ unit: 'binary' })),
        (text) => {
          expect(serializeDiscussion(parseDiscussion(text))).toBe(text)
        },
      ),
    )
  })

  it('reads any comment text written as a block back as exactly one block with the same text', () => {
    fc.assert(
      fc.property(
        commentText,
        fc.constantFrom(null, 'READY', 'CHANGES', 'REJECT' as const),
        (text, vote) => {
          const file = HEADER + block('AI-Architect', text, vote)
          const parsed = parseDiscussion(file)
          expect(parsed.comments).toHaveLength(1)
          const [comment] = parsed.comments
          const expected = [written(text), vote ? `VOTE: ${vote}` : '']
            .filter((part) => part !== '')
            .join('\n\n')
          expect(comment?.body).toBe(expected)
          expect(comment?.author).toBe('AI-Architect')
          expect(comment?.closed).toBe(true)
          if (vote) expect(comment?.vote).toBe(vote)
          expect(parsed.endsWithDelimiter).toBe(true)
          expect(parsed.unclosedFences).toEqual([])
        },
      ),
    )
  })

  it('keeps blocks apart: appending any comments one after another gives one block each', () => {
    fc.assert(
      fc.property(fc.array(commentText, { minLength: 1, maxLength: 5 }), (texts) => {
        const file = HEADER + texts.map((text, i) => block(`Author ${i}`, text)).join('')
        const parsed = parseDiscussion(file)
        expect(parsed.comments.map((c) => c.author)).toEqual(texts.map((_, i) => `Author ${i}`))
        expect(parsed.comments.map((c) => c.body)).toEqual(texts.map(written))
      }),
    )
  })

  it('never counts markers, votes or mentions inside a fenced code block', () => {
    const plainLine = anyLine.filter((line) => !fenceOpener(line) && !/^\s*\\*[`~]{3}/.test(line))
    const fencedLine = anyLine.filter((line) => !/^\s*`{3,}\s*$/.test(line))
    fc.assert(
      fc.property(
        fc.array(plainLine, { maxLength: 8 }),
        fc.array(fencedLine, { maxLength: 12 }),
        fc.array(plainLine, { maxLength: 8 }),
        (before, fenced, after) => {
          const withFence = [...before, '```', ...fenced, '```', ...after].join('\n')
          const withoutFence = [...before, '```', '```', ...after].join('\n')
          const a = parseDiscussion(HEADER + block('AI-X', withFence)).comments[0]
          const b = parseDiscussion(HEADER + block('AI-X', withoutFence)).comments[0]
          const strip = (c: typeof a) => ({
            vote: c?.vote,
            mentions: c?.mentions,
            markers: c?.markers.map((m) => [m.kind, m.text]),
          })
          expect(strip(a)).toEqual(strip(b))
        },
      ),
    )
  })
})
