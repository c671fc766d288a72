import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { adrName, nextNumber, slugOf } from './adr-names.js'

describe('slugOf', () => {
  it.each([
    ['Use server sessions', 'use-server-sessions'],
    ['ADR: Café & Crème!', 'adr-cafe-creme'],
    ['../../etc/passwd', 'etc-passwd'],
    ['日本語', 'decision'],
  ])('%j -> %j', (title, slug) => expect(slugOf(title)).toBe(slug))

  it('is always a safe file name part of at most 60 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (title) => {
        const slug = slugOf(title)
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
        expect(slug.length).toBeLessThanOrEqual(60)
      }),
    )
  })
})

describe('adrName', () => {
  it('numbers after the highest number any name starts with, as adr-tools does', () => {
    expect(nextNumber([])).toBe(1)
    expect(nextNumber(['0001-a.md', '0007-b.md', 'README.md', '12-notes.txt'])).toBe(13)
    expect(adrName('madr', 'Use X', ['0003-a.md'], '2026-11-02')).toEqual({
      name: '0004-use-x.md',
      number: 4,
      existing: false,
    })
    expect(adrName('adr-tools', 'Use X', [], '2026-11-02').name).toBe('0001-use-x.md')
  })

  it('dates log4brains records', () => {
    expect(adrName('log4brains', 'Use X', [], '2026-11-02')).toEqual({
      name: '20261102-use-x.md',
      number: null,
      existing: false,
    })
  })

  it('finds the record of the same title, whatever its number or date', () => {
    expect(adrName('madr', 'Use X', ['0002-use-x.md', '0005-y.md'], '2026-11-02')).toEqual({
      name: '0002-use-x.md',
      number: 2,
      existing: true,
    })
    expect(adrName('log4brains', 'Use X', ['20250101-use-x.md'], '2026-11-02').name).toBe(
      '20250101-use-x.md',
    )
    expect(adrName('madr', 'Use X', ['0002-use-x-and-y.md'], '2026-11-02').existing).toBe(false)
  })
})
