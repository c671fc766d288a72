/**
 * Redaction, as a property: a key written back in any of 25 shapes (any case, reversed, base64
 * and base64url at any alignment and wrapped, URL-encoded, hex in four notations, split by
 * spaces, line breaks, zero-width spaces or colour codes) leaves no trace, in a whole text and
 * in a stream cut anywhere; a text without the key passes unchanged.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { redact, streamRedactor } from '../../src/node/providers/redact.js'
import { keyFoundIn, SECRET_SHAPES } from '../support/secret-shapes.js'

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.'.split('')
/** Keys of the usual kinds' lengths, without a known prefix: only the key's value can find them. */
const key = fc.string({ unit: fc.constantFrom(...ALPHABET), minLength: 12, maxLength: 100 })
const shape = fc.constantFrom(...Object.entries(SECRET_SHAPES))
const words = fc.string({ maxLength: 40 })
const NAMES = ['ECHO_API_KEY']

describe('a key in any shape', () => {
  it('leaves no trace in a whole text', () => {
    fc.assert(
      fc.property(key, shape, words, words, (secret, [name, write], before, after) => {
        const redacted = redact(`${before} ${write(secret)} ${after}`, NAMES, {
          ECHO_API_KEY: secret,
        })
        expect(keyFoundIn(redacted, secret), name).toEqual([])
        expect(redacted).toContain('[redacted]')
      }),
      { numRuns: 1500 },
    )
  })

  it('reads hex whose last digit is 0 before an x, and 0x bytes before one', () => {
    // Found by the property above: `0x` was read in "…6150 x", and the key's last 0 was lost.
    for (const text of [
      ' 616161616161616161616150 x',
      '0x61 0x61 0x61 0x61 0x61 0x61 0x61 0x50 xab',
    ])
      expect(redact(text, NAMES, { ECHO_API_KEY: 'aaaaaaaP' }), text).toContain('[redacted]')
  })

  it('leaves no trace in a stream, wherever the pieces are cut', () => {
    fc.assert(
      fc.property(
        key,
        shape,
        words,
        fc.array(fc.nat(), { maxLength: 15 }),
        (secret, [name, write], before, cuts) => {
          const text = `${before} here: ${write(secret)} and on.`
          const stream = streamRedactor(NAMES, { ECHO_API_KEY: secret })
          const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort(
            (a, b) => a - b,
          )
          const pieces: string[] = []
          let from = 0
          for (const point of [...points, text.length]) {
            pieces.push(stream.push(text.slice(from, point)))
            from = point
          }
          pieces.push(stream.end())
          expect(keyFoundIn(pieces.join(''), secret), name).toEqual([])
        },
      ),
      { numRuns: 1500 },
    )
  })

  it('leaves a text without the key as it was', () => {
    fc.assert(
      fc.property(key, fc.string({ unit: 'grapheme', maxLength: 200 }), (secret, text) => {
        fc.pre(keyFoundIn(text, secret).length === 0)
        expect(redact(text, NAMES, { ECHO_API_KEY: secret })).toBe(text)
      }),
      { numRuns: 1000 },
    )
  })
})
