import { describe, expect, it } from 'vitest'

import {
  clampHeight,
  HANDLE_HEIGHT,
  heightForKey,
  KEY_STEP,
  maxPanelHeight,
  MIN_PANEL,
  MIN_THREAD,
  minThread,
  PAGE_STEP,
} from './panel-height'

describe('a protocol panel height', () => {
  it('leaves the thread its room below the panel, whatever the window', () => {
    // At 700 px the thread keeps 40 % of the window (280 px), more than the 220 px floor.
    expect(maxPanelHeight(700, 200)).toBe(700 - 200 - HANDLE_HEIGHT - 280)
    expect(minThread(500)).toBe(MIN_THREAD)
    expect(minThread(900)).toBe(360)
    // A window too short for both: the panel keeps its least height, the thread the rest.
    expect(maxPanelHeight(400, 300)).toBe(MIN_PANEL)
  })

  it('clamps a drag between the least height and the most', () => {
    expect(clampHeight(10, 500)).toBe(MIN_PANEL)
    expect(clampHeight(900, 500)).toBe(500)
    expect(clampHeight(333.4, 500)).toBe(333)
  })

  it('moves by a step per arrow key, a page per Page key, and to the bounds on Home and End', () => {
    expect(heightForKey('ArrowDown', 300, 500)).toBe(300 + KEY_STEP)
    expect(heightForKey('ArrowUp', 300, 500)).toBe(300 - KEY_STEP)
    expect(heightForKey('PageDown', 300, 500)).toBe(300 + PAGE_STEP)
    expect(heightForKey('PageUp', 300, 500)).toBe(300 - PAGE_STEP)
    expect(heightForKey('Home', 300, 500)).toBe(MIN_PANEL)
    expect(heightForKey('End', 300, 500)).toBe(500)
    expect(heightForKey('ArrowDown', 495, 500)).toBe(500)
    expect(heightForKey('Enter', 300, 500)).toBeNull()
  })
})
