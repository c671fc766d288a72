import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { REDACTED, streamRedactor } from './redact.js'

const KEY = 'sk-live-0123456789abcdefSTREAMED'
const env = { ECHO_KEY: KEY, PLAIN_SETTING: 'not-a-secret-value' }

/** Feeds `text` cut at `cuts` and returns what the stream let through. */
function through(text: string, cuts: number[]): { out: string; pieces: string[] } {
  const stream = streamRedactor(['ECHO_KEY'], env)
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b)
  const pieces: string[] = []
  let from = 0
  for (const point of [...points, text.length]) {
    pieces.push(stream.push(text.slice(from, point)))
    from = point
  }
  pieces.push(stream.end())
  return { out: pieces.join(''), pieces }
}

describe('a streamed answer', () => {
  it('never lets a key through, wherever the pieces are cut', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.array(fc.nat(), { maxLength: 12 }),
        (before, after, cuts) => {
          const text = `${before} my key is ${KEY}, and Bearer ${KEY.slice(3)} ${after}`
          const { out, pieces } = through(text, cuts)
          for (const piece of pieces) expect(piece).not.toContain(KEY.slice(0, 12))
          expect(out).not.toContain(KEY)
          expect(out).toContain(`my key is ${REDACTED}`)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('passes text without keys through unchanged, holding back at most the last word', () => {
    const stream = streamRedactor(['ECHO_KEY'], env)
    expect(stream.push('Scripted answer from AI-Architect. ')).toBe(
      'Scripted answer from AI-Architect. ',
    )
    expect(stream.push('The plan hol')).toBe('The plan ')
    expect(stream.push('ds up.')).toBe('holds ')
    expect(stream.end()).toBe('up.')
  })
})
