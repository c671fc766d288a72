import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { describeDiscussion } from '../../core/discussion/describe.js'
import { parseDiscussion } from '../../core/format/parse.js'
import { readingLines } from './reading.js'
import { ReadingDocument, TOP } from './reading-document.js'

const EXAMPLES = join(import.meta.dirname, '..', '..', '..', 'examples')
const examples = readdirSync(EXAMPLES)
  .filter((name) => name.endsWith('.md'))
  .map((name) => readFileSync(join(EXAMPLES, name), 'utf8'))

function documentOf(text: string, width: number): ReadingDocument {
  return new ReadingDocument(text, describeDiscussion(parseDiscussion(text)), width, () => null)
}

describe('the reading document, laid out part by part', () => {
  it('reads, part after part, as the whole file laid out at once', () => {
    for (const text of examples)
      for (const width of [30, 80, 133]) {
        const whole = readingLines(text, describeDiscussion(parseDiscussion(text)), width)
        const document = documentOf(text, width)
        expect(document.window(TOP, whole.length + 5)).toEqual(whole)
      }
  })

  it('steps, pages and jumps as the flat list of lines would', () => {
    const text = examples[0] ?? ''
    const whole = readingLines(text, describeDiscussion(parseDiscussion(text)), 80)
    const document = documentOf(text, 80)
    const height = 20
    const flatEnd = Math.max(0, whole.length - height)
    // A place's index in the flat list: the lines of the parts before it, then its line.
    const index = (place: { part: number; line: number }): number => {
      let count = place.line
      for (let part = 0; part < place.part; part++) count += document.lines(part).length
      return count
    }
    expect(index(document.end(height))).toBe(flatEnd)
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -60, max: 60 }), { maxLength: 30 }), (moves) => {
        let place = TOP
        let flat = 0
        for (const delta of moves) {
          place = document.clamp(document.step(place, delta), height)
          flat = Math.max(0, Math.min(flatEnd, flat + delta))
          expect(index(place)).toBe(flat)
          expect(document.window(place, height)).toEqual(whole.slice(flat, flat + height))
        }
      }),
    )
  })

  it('says "all" when the text fits, and how far the screen has read when it does not', () => {
    const text = examples[0] ?? ''
    const document = documentOf(text, 80)
    expect(document.position(TOP, 10_000)).toBe('all')
    expect(document.position(document.end(10), 10)).toBe('100%')
    expect(document.position(TOP, 10)).toMatch(/^\d%$/)
  })
})
