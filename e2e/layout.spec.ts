/// <reference lib="dom" />
// The screens outside the council and debate at 1024x700 and 1400x900, light and dark: nothing a
// person reads (status, counts, columns, diagram names) is cut short.
import type { Page } from '@playwright/test'

import { expect, testWithUi } from './support/fixtures.js'
import { clippedControls, SIZES } from './support/layout.js'
import { exampleFolder, startUi } from './support/ui-server.js'

const MANY_QUESTIONS = `<!-- DISCUSSION -->
<!-- Title: Many Questions -->
<!-- Phase: detailed_review -->
<!-- Status: ESCALATED -->
<!-- Template: feature -->
<!-- Participants: architect, security -->

# Many Questions

---

${Array.from(
  { length: 12 },
  (_, i) => `Name: AI-Architect\n\nQ: Question number ${i + 1}?\n\nVOTE: CHANGES\n\n---\n`,
).join('\n')}`

const test = testWithUi(async () =>
  startUi(await exampleFolder({ 'many-questions.md': MANY_QUESTIONS })),
)

/** Text cut by an ellipsis or overflow in the elements the selector finds. */
function cutText(page: Page, selector: string): Promise<string[]> {
  return page.locator('body').evaluate((body, css) => {
    const found: string[] = []
    for (const node of Array.from(body.querySelectorAll<HTMLElement>(css))) {
      if (node.offsetParent === null) continue
      if (node.scrollWidth > node.clientWidth + 1) found.push(node.textContent ?? '')
    }
    return found
  }, selector)
}

for (const size of SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the browser and a discussion read whole at ${size.width}x${size.height}, ${scheme}`, async ({
      page,
    }) => {
      await page.setViewportSize(size)
      await page.addInitScript(
        (value) => localStorage.setItem('mantine-color-scheme-value', value),
        scheme,
      )
      await page.goto('/')
      const table = page.getByTestId('discussion-table')
      await expect(table).toBeVisible()
      // Every column is there and none reaches past the list's edge.
      for (const column of ['Discussion', 'Phase', 'Status', 'Votes', 'Comments', 'Last activity'])
        await expect(table.getByRole('columnheader', { name: column })).toBeInViewport({ ratio: 1 })
      const statuses = table.locator('.mantine-Badge-root')
      expect(await statuses.count()).toBeGreaterThan(0)
      expect(await clippedControls(page)).toEqual([])
      expect(await cutText(page, 'td p, th')).toEqual([])

      await page.getByRole('link', { name: 'Open Add User Authentication' }).click()
      await expect(page.getByTestId('discussion-title')).toHaveText('Add User Authentication')
      const side = page.getByTestId('side-panel')
      await expect(side.locator('[data-count]').first()).toBeVisible()
      expect(await clippedControls(page)).toEqual([])
    })
  }
}

test('two-digit counts in the side panel are shown whole, newest questions first', async ({
  page,
}) => {
  await page.setViewportSize(SIZES[0])
  await page.goto('/')
  await page.getByRole('link', { name: 'Open Many Questions' }).click()
  const questions = page.getByTestId('items-open-questions')
  await expect(questions.locator('[data-count]')).toHaveText('12')
  expect(await clippedControls(page)).toEqual([])
  // The newest question (the last one written) comes first.
  await expect(questions.getByRole('button').first()).toContainText('Question number 12?')
})
