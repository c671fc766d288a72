/**
 * The terminal sanitiser, as a property: whatever a file, a config or an answer holds, what it
 * returns holds nothing a terminal acts on (no escape, no C1, no C0 but tab and line feed, no
 * bidi control), keeps every text a terminal only draws as it was, removes a sequence whole
 * (payload and all), and is idempotent. `--json` output is the same JSON for a parser and
 * passes the sanitiser unchanged.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { jsonForTerminal } from '../../src/core/terminal/json-for-terminal.js'
import { sanitizeForTerminal } from '../../src/core/terminal/sanitize-for-terminal.js'
import { foreignSequences, TERMINAL_ATTACKS } from '../support/terminal-attacks.js'

// eslint-disable-next-line no-control-regex
const ACTS_ON_A_TERMINAL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

/** Pieces of sequences and the controls around them, to be mixed with any text. */
const fragment = fc.constantFrom(
  ...Object.values(TERMINAL_ATTACKS),
  '\u001b',
  '\u001b[',
  '\u001b]',
  '\u001bP',
  '\u001b_',
  '\u001b\\',
  '\u0007',
  '\u009b',
  '\u009c',
  '\u009d',
  '\u0090',
  '\r\n',
  '\t',
  '\n',
  '[31m',
  ';',
  '\u202e',
  '\u2066',
)
const hostile = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fragment },
      { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    ),
    { maxLength: 25 },
  )
  .map((parts) => parts.join(''))

/** Text a terminal only draws: any characters but the controls and the bidi controls. */
const drawable = fc
  .string({ unit: 'binary', maxLength: 60 })
  .map((text) => text.replace(new RegExp(ACTS_ON_A_TERMINAL.source, 'g'), ''))

describe('the terminal sanitiser', () => {
  it('leaves nothing a terminal acts on, for any input', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const shown = sanitizeForTerminal(text)
        expect(shown).not.toMatch(ACTS_ON_A_TERMINAL)
        expect(foreignSequences(shown, () => false)).toEqual([])
      }),
      { numRuns: 2000 },
    )
  })

  it('is idempotent, and pieces sanitised one by one stay clean when joined', () => {
    fc.assert(
      fc.property(fc.array(hostile, { maxLength: 5 }), (pieces) => {
        const joined = pieces.map(sanitizeForTerminal).join('')
        expect(joined).not.toMatch(ACTS_ON_A_TERMINAL)
        expect(sanitizeForTerminal(joined)).toBe(joined)
      }),
      { numRuns: 1000 },
    )
  })

  it('keeps drawable text as it is, tabs and line feeds included', () => {
    fc.assert(
      fc.property(drawable, (text) => {
        expect(sanitizeForTerminal(text)).toBe(text)
      }),
      { numRuns: 1000 },
    )
  })

  it('removes a terminated sequence whole, payload and all, and keeps the text around it', () => {
    const terminated = Object.entries(TERMINAL_ATTACKS).filter(
      ([name]) => !/unterminated|RLO|RLI|CR overwrites|BEL|OSC 8/.test(name),
    )
    fc.assert(
      fc.property(
        drawable,
        fc.constantFrom(...terminated),
        drawable,
        (before, [, attack], after) => {
          expect(sanitizeForTerminal(`${before}${attack}${after}`)).toBe(`${before}${after}`)
        },
      ),
      { numRuns: 1000 },
    )
    expect(sanitizeForTerminal(TERMINAL_ATTACKS['OSC 8 hides a link'])).toBe('click')
  })

  it('shows bidi controls as <U+XXXX>, and a string sequence that never ends as text', () => {
    expect(sanitizeForTerminal('abc\u202eevil\u202c')).toBe('abc<U+202E>evil<U+202C>')
    expect(sanitizeForTerminal('\u2067x\u2069')).toBe('<U+2067>x<U+2069>')
    expect(sanitizeForTerminal('READY\rREJECT')).toBe('READYREJECT')
    // A terminal would swallow what follows an OSC that never ends; here it stays readable.
    expect(sanitizeForTerminal('Title \u001b]0;the rest\nof the text')).toBe(
      'Title 0;the rest\nof the text',
    )
    expect(sanitizeForTerminal('x\u001bPq then text')).toBe('xq then text')
  })
})

describe('JSON for a terminal', () => {
  it('is the same JSON for a parser, and passes the sanitiser unchanged', () => {
    const strings = fc.oneof(hostile, fc.string({ unit: 'binary' }))
    const values = fc
      .jsonValue()
      .chain((value) =>
        fc.dictionary(strings, fc.oneof(strings, fc.constant(value)), { maxKeys: 5 }),
      )
    fc.assert(
      fc.property(values, fc.constantFrom(undefined, 2), (value, indent) => {
        const json = jsonForTerminal(value, indent)
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(value)))
        expect(sanitizeForTerminal(json)).toBe(json)
      }),
      { numRuns: 1000 },
    )
  })
})
