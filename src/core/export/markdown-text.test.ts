import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { mapFences } from '../format/fences.js'
import { embedBlock, oneLine, sectionOf, shortLine } from './markdown-text.js'

describe('embedBlock', () => {
  it('puts the shallowest heading at the level asked, keeping the distances below it', () => {
    expect(embedBlock('# A\n\ntext\n\n### B', 3)).toBe('### A\n\ntext\n\n##### B')
    expect(embedBlock('#### Deep\n\n##### Deeper', 3)).toBe('### Deep\n\n#### Deeper')
  })

  it('never lets a line under a paragraph make it a heading', () => {
    expect(embedBlock('Title\n===\nmore\n---', 3)).toBe('Title\n\n===\nmore\n\n---')
  })

  it('closes a fence left open, and leaves what is inside a fence alone', () => {
    expect(embedBlock('```js\n# not a heading\n- x', 3, '*')).toBe(
      '```js\n# not a heading\n- x\n```',
    )
  })

  it('escapes the HTML blocks that would run on to the end of the record', () => {
    expect(embedBlock('<!-- a\n<script>x\n  <pre>\n<details>', 3)).toBe(
      '\\<!-- a\n\\<script>x\n  \\<pre>\n<details>',
    )
  })

  it('writes every bullet list with the bullet asked for, but not rules', () => {
    expect(embedBlock('- a\n+ b\n> * c\n* * *\n-x', 3, '*')).toBe('* a\n* b\n> * c\n* * *\n-x')
  })

  it('drops blank ends, doubled blank lines and trailing spaces but a hard break', () => {
    expect(embedBlock('\n\n a  \nb \n\n\n\nc\t\n\n', 3)).toBe(' a  \nb\n\nc')
  })

  it('leaves no fence open and no heading above its level, whatever the text', () => {
    const line = fc.oneof(
      fc.constantFrom('# h', '## h', '```', '~~~', '````x', 'text', '', '---', '==='),
      fc.string({ maxLength: 8 }),
    )
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.integer({ min: 2, max: 6 }),
        (lines, level) => {
          const out = embedBlock(lines.join('\n'), level).split('\n')
          const { inFence, unclosed } = mapFences(out)
          expect(unclosed).toEqual([])
          out.forEach((text, index) => {
            const atx = /^ {0,3}(#{1,6})(?:[ \t]|$)/.exec(text)
            if (atx && !inFence[index]) expect(atx[1]?.length).toBeGreaterThanOrEqual(level)
          })
        },
      ),
    )
  })
})

describe('one-line text', () => {
  it('joins every kind of line break', () => {
    expect(oneLine(' a\r\nb\u2028c\u0085d\n\ne ')).toBe('a b c d e')
  })

  it('shortens at a word', () => {
    expect(shortLine('one two three four', 12)).toBe('one two…')
    expect(shortLine('short', 12)).toBe('short')
  })
})

describe('sectionOf', () => {
  it('takes a section to the next heading as high, not inside code', () => {
    const text = '# T\n\n## Context\n\nA\n\n```\n## not\n```\n\n### Sub\n\nB\n\n## Next\n\nC'
    expect(sectionOf(text, /^context$/i)).toBe('A\n\n```\n## not\n```\n\n### Sub\n\nB')
    expect(sectionOf(text, /^missing$/i)).toBeNull()
  })
})
