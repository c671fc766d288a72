import { describe, expect, it } from 'vitest'

import { foldHeight } from './fold-height'

const block = (top: number, bottom: number, heading = false) => ({
  top,
  bottom,
  heading,
  lineHeight: 22,
})

describe('foldHeight', () => {
  it('ends at the last whole block that fits', () => {
    expect(foldHeight([block(0, 60), block(70, 130), block(140, 200)], 160)).toBe(130)
  })

  it('never ends on a heading whose text falls below the fold', () => {
    expect(foldHeight([block(0, 100), block(110, 140, true), block(150, 220)], 160)).toBe(100)
  })

  it('keeps a heading when its text fits with it', () => {
    expect(foldHeight([block(0, 40, true), block(50, 120), block(130, 300)], 160)).toBe(120)
  })

  it('shows whole lines of a first block taller than the fold', () => {
    expect(foldHeight([block(0, 400)], 160)).toBe(154)
  })
})
