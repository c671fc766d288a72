import { describe, expect, it } from 'vitest'

import { parseDiscussion } from '../format/parse.js'
import { validateDiscussion } from './validate.js'

const header =
  '<!-- DISCUSSION -->\n<!-- Title: T -->\n<!-- Phase: review -->\n<!-- Status: OPEN -->\n\n# T\n\n---\n'
const block = (author: string, body: string): string => `\nName: ${author}\n\n${body}\n\n---\n`
const problems = (text: string) => validateDiscussion(parseDiscussion(text))

describe('validateDiscussion', () => {
  it('finds nothing wrong in a well-formed discussion', () => {
    expect(problems(header + block('AI-Architect', 'Fine.\n\nVOTE: READY'))).toEqual([])
  })

  it('reports an unclosed fence at its line', () => {
    expect(problems(header + block('Rob', 'text\n```js\ncode'))).toEqual([
      expect.objectContaining({ line: 13, message: expect.stringMatching(/never closed/) }),
    ])
  })

  it('reports a comment without a name, and an empty Name: line', () => {
    expect(problems(header + '\nSome text\nVOTE: READY\n\n---\n')).toEqual([
      expect.objectContaining({
        line: 11,
        message: expect.stringMatching(/without a "Name:" line/),
      }),
    ])
    expect(problems(header + '\nName:\n\nhello\n\n---\n')[0]?.message).toMatch(/without a name/)
  })

  it('reports an unknown vote value', () => {
    expect(problems(header + block('Rob', 'VOTE: MAYBE'))).toEqual([
      { line: 12, message: 'Unknown vote "MAYBE"; use READY, CHANGES or REJECT.' },
    ])
  })

  it('reports a header phase that disagrees with the last transition', () => {
    const text = header + '\n<!-- PHASE-TRANSITION: review -> final -->\n\n---\n'
    expect(problems(text)).toEqual([
      expect.objectContaining({
        line: 3,
        message: expect.stringMatching(/last transition \(line 10\) moved to "final"/),
      }),
    ])
  })

  it('reports a torn tail and text after the last delimiter', () => {
    expect(problems(header + '\nName: AI-Architect\n\nhalf')[0]?.message).toMatch(
      /not closed by a --- line/,
    )
    expect(problems(header + '\nstray words\n')[0]?.message).toMatch(/Text after the last --- line/)
    expect(problems(header.trimEnd())[0]?.message).toMatch(/no line break/)
  })

  it('reports missing headers', () => {
    expect(problems('# Just markdown\n').map((p) => p.message)).toEqual([
      expect.stringMatching(/Title/),
      expect.stringMatching(/Phase/),
      expect.stringMatching(/Status/),
    ])
  })

  it('does not flag content segments such as the opening note or phase markers', () => {
    const text =
      header + '\n*Discussion begins below.*\n\n---\n\n<!-- VOTE-RESET: review -->\n\n---\n'
    expect(problems(text)).toEqual([])
  })
})
