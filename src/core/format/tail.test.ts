import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { commentText, discussionLikeText } from '../../../test/support/arbitraries.js'
import { validateDiscussion } from '../discussion/validate.js'
import { writtenBody } from '../../../test/support/written-text.js'
import { admitName, admitText } from '../text/text.js'
import { personBody } from './comment-body.js'
import { parseDiscussion } from './parse.js'
import { formatCommentBlock } from './serialize.js'
import { closesFence, fenceOpener } from './fences.js'
import { DELIMITER_LINE, isBlank } from './lines.js'
import { advanceTail, EMPTY_TAIL, planAppend } from './tail.js'
import type { FileTail } from './tail.js'

/** The tail by its definition: every complete line stepped through in order, nothing skipped. */
function tailByDefinition(text: string): FileTail {
  const lines = text.split('\n')
  const partial = lines.pop() ?? ''
  let state: FileTail = { ...EMPTY_TAIL }
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    let { fence, segment, segmentLine } = state
    const number = state.lines + 1
    if (fence) {
      if (closesFence(line, fence)) fence = null
    } else if (DELIMITER_LINE.test(line)) {
      segment = 'blank'
      segmentLine = 0
    } else {
      fence = fenceOpener(line)
      if (segment === 'blank' && !isBlank(line)) {
        const isName = !fence && /^name:[ \t]*\S/i.test(line)
        segment = isName ? 'comment' : 'content'
        segmentLine = isName ? number : 0
      }
    }
    state = { fence, partial: '', lines: number, segment, segmentLine }
  }
  return { ...state, partial }
}

/** Text with fence-like runs, delimiters, names and CRLF where a fast path could go wrong. */
const trickyText = fc
  .array(
    fc.constantFrom(
      '---',
      '--- ',
      '----',
      '---x',
      '--',
      '- item',
      ' ---',
      '```',
      '````js',
      '``` `x`',
      '~~~',
      '  ~~~~',
      'a ``` b',
      '``',
      'Name: Rob',
      'name:x',
      'Name:',
      '',
      ' ',
      'text',
      'VOTE: READY',
      '\u3000',
      '\t```',
      '``x```',
      '```~~~',
      '~~~ `x`',
      '---\t',
      'Name: ```x',
    ),
    { maxLength: 40 },
  )
  .chain((lines) =>
    fc.constantFrom('\n', '\r\n').map((eol) => lines.join(eol) + (lines.length % 2 ? eol : '')),
  )

const appendTo = (text: string, body: string) => {
  const plan = planAppend(advanceTail(EMPTY_TAIL, text))
  const block = formatCommentBlock(admitName('AI-Appender'), personBody(admitText(body)))
  return { plan, file: text + plan.prefix + block }
}

describe('advanceTail', () => {
  it('agrees with the line-by-line definition', () => {
    fc.assert(
      fc.property(fc.oneof(discussionLikeText, trickyText), (text) => {
        expect(advanceTail(EMPTY_TAIL, text)).toEqual(tailByDefinition(text))
      }),
      { numRuns: 2000 },
    )
  })

  it('gives the same tail however the text is split into chunks', () => {
    fc.assert(
      fc.property(
        fc.oneof(discussionLikeText, trickyText),
        fc.array(fc.nat(), { maxLength: 5 }),
        (text, cuts) => {
          const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort(
            (a, b) => a - b,
          )
          let tail = EMPTY_TAIL
          let from = 0
          for (const point of [...points, text.length]) {
            tail = advanceTail(tail, text.slice(from, point))
            from = point
          }
          expect(tail).toEqual(advanceTail(EMPTY_TAIL, text))
          expect(tail).toEqual(tailByDefinition(text))
        },
      ),
      { numRuns: 2000 },
    )
  })
})

describe('planAppend', () => {
  it('lands any comment as the last, closed block of any file, with its text intact', () => {
    fc.assert(
      fc.property(discussionLikeText, commentText, (existing, body) => {
        const { plan, file } = appendTo(existing, body)
        const parsed = parseDiscussion(file)
        const last = parsed.comments[parsed.comments.length - 1]
        expect(last?.author).toBe('AI-Appender')
        expect(last?.body).toBe(writtenBody(body, { votes: true }))
        expect(last?.closed).toBe(true)
        expect(last?.line).toBe(plan.firstLine + 1)
        expect(parsed.endsWithDelimiter).toBe(true)
      }),
    )
  })

  it('adds nothing before a block when the file already ends with ---', () => {
    expect(planAppend(advanceTail(EMPTY_TAIL, '# T\n\n---\n')).prefix).toBe('')
    expect(planAppend(advanceTail(EMPTY_TAIL, '# T\n\n---\n\n')).prefix).toBe('')
  })

  it('closes a preamble-only file, a partial line and an open fence', () => {
    expect(planAppend(advanceTail(EMPTY_TAIL, '# T\n')).prefix).toBe('\n---\n')
    expect(planAppend(advanceTail(EMPTY_TAIL, '')).prefix).toBe('---\n')
    expect(planAppend(advanceTail(EMPTY_TAIL, '# T\n\n---')).prefix).toBe('\n')
    expect(
      planAppend(advanceTail(EMPTY_TAIL, '---\n\nName: Rob\n\n````js\ncode\n')).prefix,
    ).toMatch(/^````\n\n---\n/)
  })

  it('marks a comment cut short so validate keeps reporting it', () => {
    const existing =
      '<!-- Title: T -->\n<!-- Phase: a -->\n<!-- Status: OPEN -->\n\n---\n\nName: AI-X\n\nhalf a sen'
    const { plan, file } = appendTo(existing, 'Fresh block.')
    expect(plan.incompleteBlockLine).toBe(7)
    const parsed = parseDiscussion(file)
    expect(parsed.comments.map((c) => [c.author, c.body])).toEqual([
      ['AI-X', 'half a sen'],
      ['AI-Appender', 'Fresh block.'],
    ])
    expect(validateDiscussion(parsed)).toEqual([
      { line: 13, message: expect.stringMatching(/never closed with ---/) },
    ])
  })
})
