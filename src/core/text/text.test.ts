import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  admitAnswer,
  admitName,
  admitText,
  admitTyped,
  admitTypedName,
  TextRefusedError,
  typedFromBytes,
} from './text.js'

/** Any control but tab and line feed, C1 included; and any line break but `\n`. */
// eslint-disable-next-line no-control-regex -- the property is about control characters
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/
const OTHER_BREAK = /[\r\u2028\u2029\u0085]/
const BIDI = /[\u202a-\u202e\u2066-\u2069]/
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Strings full of what the door is for: terminators, escapes, controls, bidi, invisibles. */
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '\r',
        '\r\n',
        '\r\r\n',
        '\u2028',
        '\u2029',
        '\u0085',
        '\n',
        '\t',
        '\u001b',
        '\u001b[31m',
        '\u001b]52;c;cm0gLXJmIH4=\u0007',
        '\u001b]0;title\u001b\\',
        '\u009b2J',
        '\u009d8;;http://x\u009c',
        '\u001bP1$r\u001b\\',
        '\u0000',
        '\u0007',
        '\u007f',
        '\u202e',
        '\u2066',
        '\u200b',
        '\u200d',
        '\ufeff',
        '\ud800',
        '\udc00',
        '\ufffd',
        '\u{e0041}',
        'VOTE: READY',
        '---',
      ),
      fc.string({ maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 8 }),
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''))

describe('the door (admitText and its kinds)', () => {
  it('turns every line break a reader might see into \\n', () => {
    expect(admitText('a\r\nb\r\r\nc\rd\u2028e\u2029f\u0085g\nh')).toBe('a\nb\nc\nd\ne\nf\ng\nh')
  })

  it('removes escape sequences whole, then every other control but tab and line feed', () => {
    expect(admitText('\u001b]52;c;cm0gLXJmIH4=\u0007copied')).toBe('copied')
    expect(admitText('\u001b]0;pwned\u001b\\title')).toBe('title')
    expect(admitText('\u001b[31mred\u001b[0m \u009b1;2Hx')).toBe('red x')
    expect(admitText('\u001bP1$r\u001b\\dcs')).toBe('dcs')
    // A string sequence never terminated loses only its introducer: the text after it stays.
    expect(admitText('\u001b]0;not a title\nnext line')).toBe('0;not a title\nnext line')
    expect(admitText('a\u0000b\u0007c\u007fd\u0085e\tf\u001b')).toBe('abcd\ne\tf')
    // `ESC g` is a whole (two-character) sequence of its own.
    expect(admitText('\u001bgone')).toBe('one')
  })

  it('shows bidi overrides and invisible characters, keeps the joiners writing needs', () => {
    expect(admitText('abc\u202eevil\u202c \u2066x\u2069 z\u200bw\ufeff')).toBe(
      'abc<U+202E>evil<U+202C> <U+2066>x<U+2069> z<U+200B>w<U+FEFF>',
    )
    expect(admitText('tag\u{e0041}')).toBe('tag<U+E0041>')
    expect(admitText('👨\u200d👩 \u200c \u200f')).toBe('👨\u200d👩 \u200c \u200f')
  })

  it('makes a name one visible line, showing joiners and marks too, and refuses an empty one', () => {
    expect(admitName('  Rob\nName: Evil \u202eX\u200d ')).toBe('Rob Name: Evil <U+202E>X<U+200D>')
    expect(() => admitName(' \n\t\u0000 ')).toThrow(TextRefusedError)
  })

  it('refuses typed text that is not text, and says what is wrong', () => {
    expect(() => admitTyped('a\u0000b', 'The comment')).toThrow(/The comment holds a NUL byte/)
    expect(() => admitTyped('a\ufffdb', 'The comment')).toThrow(/not valid UTF-8/)
    expect(() => admitTyped('a\ud800b', 'The comment')).toThrow(/lone surrogate/)
    expect(() => admitTypedName('Rob\u0000', 'The author name')).toThrow(TextRefusedError)
    expect(admitTyped('fine\r\n', 'The comment')).toBe('fine\n')
  })

  it('refuses bytes that are not UTF-8 and drops a byte-order mark', () => {
    const bad = new Uint8Array([0x68, 0x69, 0xff, 0xfe])
    expect(() => typedFromBytes(bad, 'The comment')).toThrow(/The comment is not valid UTF-8/)
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69])
    expect(typedFromBytes(bom, 'The comment')).toBe('hi')
    expect(() => typedFromBytes(new Uint8Array([0x68, 0, 0x69]), 'The comment')).toThrow(/NUL/)
  })

  it('repairs an answer and counts what it removed', () => {
    // Bytes that were never text are counted; colours an agent CLI prints are only removed.
    expect(admitAnswer('ok\ufffd\u0000\u001b[2Jdone')).toEqual({ text: 'okdone', removed: 2 })
    expect(admitAnswer('clean')).toEqual({ text: 'clean', removed: 0 })
  })

  it('leaves no control, no other line break and no hidden reordering, whatever comes in', () => {
    fc.assert(
      fc.property(hostile, (raw) => {
        for (const text of [admitText(raw), admitAnswer(raw).text]) {
          expect(text).not.toMatch(CONTROL)
          expect(text).not.toMatch(OTHER_BREAK)
          expect(text).not.toMatch(BIDI)
          expect(text).not.toMatch(LONE_SURROGATE)
          // Crossing twice changes nothing: every layer may pass a text through again.
          expect(admitText(text)).toBe(text)
        }
        if (raw.trim() !== '') {
          const name = (() => {
            try {
              return admitName(raw)
            } catch {
              return null
            }
          })()
          if (name !== null) expect(name).not.toMatch(/[\n\t\u200b-\u200f]/)
        }
      }),
      { numRuns: 2000 },
    )
  })
})
