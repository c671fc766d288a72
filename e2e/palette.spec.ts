/**
 * One registry of actions, read by the keys, the `?` list and the command palette, typed key by
 * key on a generated discussion: `?` lists every key (End and Ctrl+Enter too), A advances, and
 * Ctrl+K opens the palette from the page or from a field, filters as one types, runs with Enter
 * and closes with Esc; the palette passes axe, light and dark, at both window sizes.
 */
import type { Page } from '@playwright/test'

import { writeSearchFixture } from '../bench/search-fixture.js'
import { axeFindings, blocking } from './support/axe.js'
import { testWithUi, expect } from './support/fixtures.js'
import { reviewShot, useScheme } from './support/review-shots.js'
import type { Scheme } from './support/review-shots.js'
import { SIZES } from './support/sized-screenshots.js'
import { exampleFolder, startUi } from './support/ui-server.js'

const test = testWithUi(async () => {
  const folder = await exampleFolder({}, false)
  await writeSearchFixture(folder, 3, 30)
  return startUi(folder)
})

async function openDiscussion(page: Page): Promise<void> {
  await page.goto('/')
  await page.getByRole('link', { name: /^Open Design 1:/ }).click()
  await expect(page.locator('[data-comment-index="0"]')).toBeVisible()
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })
const field = (page: Page) => palette(page).getByRole('combobox', { name: 'Find an action' })
const options = (page: Page) => palette(page).getByRole('option')

test('? lists every action with its key, from the same registry as the palette', async ({
  page,
  problems,
}) => {
  await openDiscussion(page)
  await page.keyboard.press('ControlOrMeta+k')
  await expect(field(page)).toBeFocused()
  const inPalette = await options(page).evaluateAll((items) =>
    items.map((item) => item.getAttribute('data-action')),
  )
  await page.keyboard.press('Escape')
  await expect(palette(page)).toBeHidden()

  await page.keyboard.type('?')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help).toBeVisible()
  const row = (id: string) => help.locator(`[data-action="${id}"]`)
  await expect(row('discussion.advance')).toContainText('A')
  await expect(row('discussion.advance')).toContainText('Advance')
  await expect(row('comments.newest')).toContainText('End')
  await expect(row('composer.send')).toContainText(/Ctrl\s*\+\s*Enter/)
  await expect(row('app.palette')).toContainText(/Ctrl\s*\+\s*K/)
  for (const key of ['R', 'T', 'C', 'D', 'J', 'K', '?', 'Q', 'Esc'])
    await expect(help.locator('kbd', { hasText: new RegExp(`^\\${key}$`) }).first()).toBeVisible()
  // Every action the palette runs has its row, with a key, in the list.
  for (const id of inPalette)
    await expect(
      row(id ?? '')
        .locator('kbd')
        .first(),
    ).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(help).toBeHidden()

  // Advance has a key now.
  await page.keyboard.type('a')
  await expect(page.getByRole('dialog', { name: 'Advance the phase' })).toBeVisible()
  await page.keyboard.press('Escape')
  expect(problems.errors).toEqual([])
})

test('Ctrl+K filters the actions as one types, arrows choose, Enter runs, Esc closes', async ({
  page,
  problems,
}) => {
  await openDiscussion(page)
  await page.keyboard.press('ControlOrMeta+k')
  await expect(palette(page)).toBeVisible()
  await expect(field(page)).toBeFocused()
  const all = await options(page).count()
  expect(all).toBeGreaterThan(8)

  await field(page).pressSequentially('adv')
  await expect(options(page).first()).toHaveAttribute('data-action', 'discussion.advance')
  await expect(options(page).first()).toHaveAttribute('aria-selected', 'true')
  await expect(options(page).first()).toHaveAccessibleName(/Advance.*\(A\)$/)
  expect(await options(page).count()).toBeLessThan(all)

  // Fuzzy: the starts of its words, not a substring.
  await field(page).press('ControlOrMeta+a')
  await field(page).press('Backspace')
  await field(page).pressSequentially('ncom')
  await expect(options(page).first()).toHaveAttribute('data-action', 'comments.next')

  // Arrows move the choice, and the field says which option is chosen.
  await field(page).press('ControlOrMeta+a')
  await field(page).press('Backspace')
  await field(page).pressSequentially('comment')
  const count = await options(page).count()
  expect(count).toBeGreaterThan(1)
  await field(page).press('ArrowDown')
  await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true')
  const second = await options(page).nth(1).getAttribute('id')
  await expect(field(page)).toHaveAttribute('aria-activedescendant', second ?? '')
  await field(page).press('ArrowUp')
  await field(page).press('ArrowUp')
  await expect(options(page).nth(count - 1)).toHaveAttribute('aria-selected', 'true')

  // Enter runs the chosen action: the palette closes and Advance opens.
  await field(page).press('ControlOrMeta+a')
  await field(page).press('Backspace')
  await field(page).pressSequentially('advance')
  await field(page).press('Enter')
  await expect(palette(page)).toBeHidden()
  await expect(page.getByRole('dialog', { name: 'Advance the phase' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Advance the phase' })).toBeHidden()

  // From inside a field too: the find bar's field has the focus, Ctrl+K still opens it.
  await page.keyboard.press('ControlOrMeta+f')
  const find = page.getByRole('textbox', { name: /find/i }).first()
  await expect(find).toBeFocused()
  await find.press('ControlOrMeta+k')
  await expect(field(page)).toBeFocused()
  await field(page).pressSequentially('next comment')
  await field(page).press('Enter')
  await expect(palette(page)).toBeHidden()

  // Esc closes it and nothing else runs; the next Esc closes the find bar beneath.
  await page.keyboard.press('ControlOrMeta+k')
  await expect(palette(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(palette(page)).toBeHidden()
  expect(problems.errors).toEqual([])
})

for (const scheme of ['light', 'dark'] as const satisfies readonly Scheme[]) {
  test(`the palette passes axe and fits both window sizes (${scheme})`, async ({
    page,
    problems,
  }) => {
    await useScheme(page, scheme)
    await openDiscussion(page)
    for (const size of SIZES) {
      await page.setViewportSize(size)
      await page.keyboard.press('ControlOrMeta+k')
      await expect(palette(page)).toBeVisible()
      await field(page).pressSequentially('co')
      await field(page).press('ArrowDown')
      expect(blocking(await axeFindings(page, '[role="dialog"]'))).toEqual([])
      const box = await palette(page).boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= size.width).toBe(true)
      await reviewShot(page, 'palette', scheme)
      await page.keyboard.press('Escape')
      await expect(palette(page)).toBeHidden()
    }
    expect(problems.errors).toEqual([])
  })
}
