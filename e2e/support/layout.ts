/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Layout checks a person would make by looking: the window sizes every layout is checked at; the
 * size/theme matrix's findings (a control, badge, name or count whose text does not fit, its
 * `scrollWidth` beyond its `clientWidth`, or that sticks out of the window); the quicker check of
 * buttons and badges alone; and an element fully inside the scrolling area that shows it.
 */
import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'

export const SIZES = [
  { width: 1024, height: 700 },
  { width: 1400, height: 900 },
] as const

export interface LayoutFinding {
  /** What the element is: its role or class, and its text. */
  element: string
  problem: string
}

/** The elements whose whole text must show: the things a person reads or clicks. */
export const CHECKED = [
  'button',
  '[role="button"]',
  '[role="tab"]',
  'a[href]',
  '.mantine-Badge-root',
  '.mantine-Badge-label',
  '.mantine-Button-label',
  '.mantine-SegmentedControl-label',
  '.mantine-Text-root[data-truncate]',
  '.mantine-Title-root',
  '[data-layout-check]',
].join(', ')

/** Finds clipped and overflowing elements among the visible ones in the page (or in the last `scope`). */
export async function layoutFindings(page: Page, scope = 'body'): Promise<LayoutFinding[]> {
  return page.evaluate(
    ({ selector, scopeSelector }) => {
      const findings: { element: string; problem: string }[] = []
      const root = [...document.querySelectorAll(scopeSelector)].at(-1) ?? document.body
      const width = window.innerWidth
      const describe = (element: Element): string => {
        const role = element.getAttribute('role') ?? element.tagName.toLowerCase()
        const cls = [...element.classList].find((c) => c.startsWith('mantine-')) ?? ''
        const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60)
        const label = element.getAttribute('aria-label')
        return `${role}${cls ? `.${cls}` : ''} "${text || label || ''}"`
      }
      // Inside a container that scrolls sideways, sticking out past the window is intended.
      const scrollsSideways = (element: Element): boolean => {
        for (let node = element.parentElement; node; node = node.parentElement) {
          const overflow = getComputedStyle(node).overflowX
          if (overflow === 'auto' || overflow === 'scroll') return true
        }
        return false
      }
      if (document.documentElement.scrollWidth > width + 1)
        findings.push({
          element: 'page',
          problem: `scrolls sideways: ${document.documentElement.scrollWidth}px in a ${width}px window`,
        })
      for (const element of root.querySelectorAll<HTMLElement>(selector)) {
        const style = getComputedStyle(element)
        if (style.visibility === 'hidden' || style.display === 'none') continue
        const rect = element.getBoundingClientRect()
        if (rect.width === 0 || rect.height === 0) continue
        if (rect.bottom < 0 || rect.top > window.innerHeight) continue // scrolled out of view
        if (element.closest('[aria-hidden="true"], .mantine-visually-hidden')) continue
        if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0)
          findings.push({
            element: describe(element),
            problem: `clipped: ${element.scrollWidth}px of text in ${element.clientWidth}px`,
          })
        else if ((rect.right > width + 1 || rect.left < -1) && !scrollsSideways(element))
          findings.push({
            element: describe(element),
            problem: `outside the window: ${Math.round(rect.left)}–${Math.round(rect.right)}px of ${width}px`,
          })
      }
      return findings
    },
    { selector: CHECKED, scopeSelector: scope },
  )
}

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
