/// <reference lib="dom" />
/**
 * Layout checks a person would make by looking: no button or badge cut short, nothing wider than
 * the window, and an element fully inside the scrolling area that shows it.
 */
import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'

export const SIZES = [
  { width: 1024, height: 700 },
  { width: 1400, height: 900 },
] as const

/** Buttons, badges and their labels whose text is cut (scrollWidth beyond clientWidth). */
export async function clippedControls(page: Page): Promise<string[]> {
  return page.locator('body').evaluate((element) => {
    const selector = [
      '.mantine-Button-label',
      '.mantine-Badge-label',
      '.mantine-Badge-root',
      '[data-count]',
    ].join(',')
    const found: string[] = []
    for (const node of Array.from(element.querySelectorAll<HTMLElement>(selector))) {
      if (node.offsetParent === null) continue // not shown
      if (node.scrollWidth > node.clientWidth + 1)
        found.push(`${node.className.split(' ')[0]}: "${node.textContent ?? ''}"`)
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 1)
      found.push(`the page is ${document.documentElement.scrollWidth}px wide`)
    return found
  })
}

export async function expectNothingClipped(page: Page): Promise<void> {
  expect(await clippedControls(page)).toEqual([])
}

/** The element's whole box lies inside the comment list's visible area. */
export async function expectFullyInList(page: Page, target: Locator): Promise<void> {
  const list = page.getByTestId('comment-list')
  await expect
    .poll(async () => {
      const [outer, inner] = await Promise.all([list.boundingBox(), target.boundingBox()])
      if (!outer || !inner) return 'not shown'
      if (inner.y < outer.y - 1) return `starts ${Math.round(outer.y - inner.y)}px above the list`
      const below = inner.y + inner.height - (outer.y + outer.height)
      return below > 1 ? `ends ${Math.round(below)}px below the list` : 'in view'
    })
    .toBe('in view')
}
