// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { HANDLE_HEIGHT, KEY_STEP, MIN_PANEL, minThread, storageKey } from './panel-height'
import { ResizablePanel } from './ResizablePanel'

function panel(name: string) {
  return render(
    <ResizablePanel name={name} label={`Resize the ${name} panel`} regionLabel={name}>
      <p>{name} contents</p>
    </ResizablePanel>,
  )
}

const handle = (name: string): HTMLElement =>
  screen.getByRole('separator', { name: `Resize the ${name} panel` })
const valueNow = (element: HTMLElement): number => Number(element.getAttribute('aria-valuenow'))

beforeEach(() => localStorage.clear())
afterEach(cleanup)

describe('the resizable panel the council and the debate share', () => {
  it('resizes from the keyboard and remembers the height per panel', () => {
    localStorage.setItem(storageKey('council'), '300')
    panel('debate')
    const before = valueNow(handle('debate'))
    fireEvent.keyDown(handle('debate'), { key: 'ArrowUp' })
    expect(valueNow(handle('debate'))).toBe(before - KEY_STEP)
    expect(screen.getByTestId('debate-panel').style.maxHeight).toBe(`${before - KEY_STEP}px`)
    expect(localStorage.getItem(storageKey('debate'))).toBe(String(before - KEY_STEP))
    // The council's height is its own: resizing the debate leaves it as it was.
    expect(localStorage.getItem(storageKey('council'))).toBe('300')
    cleanup()

    // Opened again, each panel starts at the height chosen for it.
    panel('debate')
    expect(valueNow(handle('debate'))).toBe(before - KEY_STEP)
    cleanup()
    panel('council')
    expect(valueNow(handle('council'))).toBe(300)
  })

  it('never takes the room the thread below keeps, and never shrinks below its least height', () => {
    panel('debate')
    const separator = handle('debate')
    const top = screen.getByTestId('debate-panel').getBoundingClientRect().top
    fireEvent.keyDown(separator, { key: 'End' })
    expect(valueNow(separator)).toBe(
      Math.round(window.innerHeight - top - HANDLE_HEIGHT - minThread(window.innerHeight)),
    )
    expect(separator.getAttribute('aria-valuemax')).toBe(String(valueNow(separator)))
    fireEvent.keyDown(separator, { key: 'PageDown' })
    expect(valueNow(separator)).toBe(
      Math.round(window.innerHeight - top - HANDLE_HEIGHT - minThread(window.innerHeight)),
    )
    fireEvent.keyDown(separator, { key: 'Home' })
    expect(valueNow(separator)).toBe(MIN_PANEL)
    fireEvent.keyDown(separator, { key: 'ArrowUp' })
    expect(valueNow(separator)).toBe(MIN_PANEL)
  })

  it('ignores keys that are not its own, leaving them to the page', () => {
    panel('debate')
    const before = valueNow(handle('debate'))
    const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    handle('debate').dispatchEvent(event)
    expect(event.defaultPrevented).toBe(false)
    expect(valueNow(handle('debate'))).toBe(before)
    expect(localStorage.getItem(storageKey('debate'))).toBeNull()
  })

  it('reads a tampered stored height as no height, or clamps it into bounds', () => {
    const most = Math.round(window.innerHeight - HANDLE_HEIGHT - minThread(window.innerHeight))
    const fallback = Math.min(Math.round(window.innerHeight * 0.42), most)
    for (const [stored, expected] of [
      ['not a number', fallback],
      ['-500', fallback],
      ['Infinity', fallback],
      ['', fallback],
      ['1e12', most],
    ] as const) {
      localStorage.setItem(storageKey('debate'), stored)
      panel('debate')
      expect(valueNow(handle('debate')), `stored "${stored}"`).toBe(expected)
      cleanup()
    }
  })
})
