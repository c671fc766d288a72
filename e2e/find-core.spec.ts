/**
 * The find bar answers through core search: for the same query on the same file it finds what
 * `discussions search QUERY FILE --json` finds (every word, any case, markers, authors, the
 * opening), in the same order, typed key by key and stepped through with Enter, Shift+Enter and
 * the arrows ("hit N of M · comment #K"). Its keys are the field's while it has the focus; the
 * page's shortcuts work again outside it.
 */
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { writeSearchFixture } from '../bench/search-fixture.js'
import { axeFindings, blocking } from './support/axe.js'
import { bin } from './support/cli.js'
import { expect, testWithUi } from './support/fixtures.js'
import { layoutFindings, SIZES } from './support/layout.js'
import { reviewShot, useScheme } from './support/review-shots.js'
import { exampleFolder, startUi } from './support/ui-server.js'

const test = testWithUi(async () => {
  const folder = await exampleFolder({}, false)
  await writeSearchFixture(folder, 1, 60)
  return startUi(folder)
})

/** Words, case, a marker, an author, both orders of two words, a prefix, nothing, no word. */
const QUERIES = ['DANA', 'Security', 'concern rob', 'rob CONCERN', 'decision', 'desig', 'zzzq']

/** Where each hit of the CLI is, as the find bar names it. */
function cliHits(folder: string, file: string, query: string): string[] {
  const results = JSON.parse(bin(folder, 'search', query, file, '--json', '--limit', '1000')) as {
    hits: { comment: number | null }[]
  }
  return results.hits.map((hit) =>
    hit.comment === null ? 'the opening' : `comment #${hit.comment}`,
  )
}

const status = (page: Page) => page.getByTestId('find-status')

/** The find bar's hits, stepped through from the first with Enter and ↓ by turns. */
async function appHits(page: Page, total: number): Promise<string[]> {
  const seen: string[] = []
  for (let n = 1; n <= total; n++) {
    const text = await expect
      .poll(async () => (await status(page).textContent()) ?? '')
      .toMatch(new RegExp(`^hit ${n} of ${total} · `))
      .then(async () => (await status(page).textContent()) ?? '')
    seen.push(text.replace(/^hit \d+ of \d+ · /, ''))
    await page.keyboard.press(n % 2 === 0 ? 'ArrowDown' : 'Enter')
  }
  return seen
}

for (const scheme of ['light', 'dark'] as const) {
  test(`finds what discussions search finds, hit for hit (${scheme})`, async ({
    page,
    ui,
    problems,
  }) => {
    await useScheme(page, scheme)
    await page.setViewportSize(scheme === 'light' ? SIZES[0] : SIZES[1])
    const file = join(ui.folder, 'design-0000.md')
    await page.goto('/')
    await page.getByRole('link', { name: /^Open Design 0:/ }).click()
    await expect(page.locator('[data-comment-index="0"]')).toBeVisible()
    await page.locator('[data-comment-index="0"]').click() // the pointer on the page, no field
    await page.keyboard.press('ControlOrMeta+f')
    const input = page.getByRole('textbox', { name: 'Find in discussion' })
    await expect(input).toBeFocused()

    for (const query of QUERIES) {
      const expected = cliHits(ui.folder, file, query)
      await input.press('ControlOrMeta+a')
      await input.press('Delete')
      await input.pressSequentially(query)
      if (expected.length === 0) {
        await expect(status(page)).toHaveText('No matches')
        continue
      }
      expect(await appHits(page, expected.length), query).toEqual(expected)
      // Around the end to the first, and back with Shift+Enter and ↑.
      await expect(status(page)).toHaveText(`hit 1 of ${expected.length} · ${expected[0]}`)
      await page.keyboard.press('Shift+Enter')
      await expect(status(page)).toHaveText(
        `hit ${expected.length} of ${expected.length} · ${expected.at(-1)}`,
      )
      if (expected.length > 1) {
        await page.keyboard.press('ArrowUp')
        await expect(status(page)).toHaveText(
          `hit ${expected.length - 1} of ${expected.length} · ${expected.at(-2)}`,
        )
      }
      // The comment of the hit is the one outlined in the list.
      const shown = /comment #(\d+)$/.exec((await status(page).textContent()) ?? '')?.[1]
      if (shown)
        await expect(page.locator(`[data-comment-index="${shown}"]`)).toHaveAttribute(
          'data-active',
          'true',
        )
    }
    // Punctuation alone holds no word: said so, as the CLI refuses it.
    await input.press('ControlOrMeta+a')
    await input.pressSequentially('?!')
    await expect(status(page)).toHaveText('Type letters or digits')

    // The bar, searched, at both sizes: nothing clipped, nothing axe calls serious.
    await input.press('ControlOrMeta+a')
    await input.pressSequentially('Security')
    await expect(status(page)).toHaveText(/^hit 1 of \d+ · /)
    for (const size of SIZES) {
      await page.setViewportSize(size)
      expect(await layoutFindings(page, '[role="search"]')).toEqual([])
      expect(blocking(await axeFindings(page, '[role="search"]'))).toEqual([])
      await reviewShot(page, 'find-core', scheme)
    }
    expect(problems.errors).toEqual([])
  })
}

test('in the find field letters are typed; outside it they are the shortcuts, and Ctrl+F comes back', async ({
  page,
}) => {
  await page.setViewportSize(SIZES[0])
  await page.goto('/')
  await page.getByRole('link', { name: /^Open Design 0:/ }).click()
  await expect(page.locator('[data-comment-index="0"]')).toBeVisible()
  await page.keyboard.press('ControlOrMeta+f')
  const input = page.getByRole('textbox', { name: 'Find in discussion' })
  await expect(input).toBeFocused()
  // S (Summarize), J (next comment), D (Diagrams) and ? are letters here.
  await page.keyboard.type('sjd?')
  await expect(input).toHaveValue('sjd?')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await input.press('ControlOrMeta+a')
  await input.pressSequentially('dana')
  await expect(status(page)).toHaveText(/^hit 1 of 7 · comment #1$/)
  // Outside the field the keys are the page's again, and the bar keeps its hits.
  await page.locator('[data-comment-index="1"]').click()
  await expect(input).not.toBeFocused()
  await page.keyboard.press('?')
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
  await expect(
    page
      .getByRole('dialog', { name: 'Keyboard shortcuts' })
      .locator('[data-action="discussion.find"]'),
  ).toContainText('Shift+Enter or ↑: previous')
  await page.keyboard.press('Escape')
  await expect(status(page)).toHaveText(/^hit 1 of 7 · comment #1$/)
  // Ctrl+F from the page takes the person back into the field, the query selected.
  await page.keyboard.press('ControlOrMeta+f')
  await expect(input).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(status(page)).toHaveText(/^hit 2 of 7 · comment #4$/)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('search')).toHaveCount(0)
})
