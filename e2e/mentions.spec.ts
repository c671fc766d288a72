/**
 * @mention completion in the composer, typed key by key on a generated discussion: `@` offers the
 * discussion's participants first, then the personas the folder knows; typing narrows the list,
 * arrows choose, Enter or Tab writes the alias, Esc puts the list away and leaves the composer
 * open; the text box names the listbox and its chosen option, and the composer passes axe with the list open.
 */
import type { Locator, Page } from '@playwright/test'

import { writeSearchFixture } from '../bench/search-fixture.js'
import { axeFindings, blocking } from './support/axe.js'
import { testWithUi, expect } from './support/fixtures.js'
import { reviewShot, useScheme } from './support/review-shots.js'
import { SIZES } from './support/sized-screenshots.js'
import { exampleFolder, startUi } from './support/ui-server.js'

const test = testWithUi(async () => {
  const folder = await exampleFolder({}, false)
  await writeSearchFixture(folder, 2, 10)
  return startUi(folder)
})

/** The aliases the open list offers, in order. */
const aliases = (list: Locator): Promise<string[]> =>
  list
    .getByRole('option')
    .evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent ?? ''))

async function openComposer(page: Page) {
  await page.goto('/')
  await page.getByRole('link', { name: /^Open Design 1:/ }).click()
  await expect(page.locator('[data-comment-index="0"]')).toBeVisible()
  await page.keyboard.press('c')
  const composer = page.getByRole('dialog', { name: 'Add a comment' })
  const text = composer.getByRole('textbox', { name: 'Comment', exact: true })
  await expect(text).toBeFocused()
  return { composer, text, list: composer.getByRole('listbox', { name: 'People to mention' }) }
}

test('typing @ offers participants then personas, narrowed as one types; arrows, Enter, Tab, Esc', async ({
  page,
  problems,
}) => {
  const { composer, text, list } = await openComposer(page)
  await text.pressSequentially('Please @')
  await expect(list).toBeVisible()
  await expect(text).toHaveAttribute('aria-autocomplete', 'list')
  await expect(text).toHaveAttribute('aria-controls', (await list.getAttribute('id')) ?? '')
  const offered = await list
    .getByRole('option')
    .evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent ?? ''))
  // The file's participants first, in its order, then a persona it does not have yet.
  expect(offered.slice(0, 4)).toEqual(['@architect', '@security', '@pragmatist', '@designer'])
  expect(offered).toContain('@researcher')

  await text.pressSequentially('se')
  await expect(list.getByRole('option').first()).toContainText('@security')
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
  const first = await list.getByRole('option').first().getAttribute('id')
  await expect(text).toHaveAttribute('aria-activedescendant', first ?? '')
  await text.press('Enter')
  await expect(text).toHaveValue('Please @security ')
  await expect(list).toBeHidden()

  // Arrows choose; Tab writes the chosen one.
  await text.pressSequentially('and @r')
  const options = list.getByRole('option')
  await expect(options.first()).toContainText('@researcher')
  const names = await aliases(list)
  await text.press('ArrowDown')
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true')
  const second = names[1] ?? ''
  expect(second).not.toBe('')
  await text.press('Tab')
  await expect(text).toHaveValue(`Please @security and ${second} `)
  await expect(text).toBeFocused()

  // Esc puts the list away; the composer and the text stay.
  await text.pressSequentially('cc @')
  await expect(list).toBeVisible()
  await text.press('Escape')
  await expect(list).toBeHidden()
  await expect(composer).toBeVisible()
  await text.pressSequentially('x')
  await expect(text).toHaveValue(`Please @security and ${second} cc @x`)
  // An e-mail address is not a mention.
  await text.pressSequentially(' mail rob@exa')
  await expect(list).toBeHidden()
  // Enter without a list is a new line, as before.
  await text.press('Enter')
  await expect(text).toHaveValue(`Please @security and ${second} cc @x mail rob@exa\n`)
  expect(problems.errors).toEqual([])
})

for (const scheme of ['light', 'dark'] as const) {
  test(`the open list passes axe at both sizes (${scheme})`, async ({ page, problems }) => {
    await useScheme(page, scheme)
    for (const size of SIZES) {
      await page.setViewportSize(size)
      const { composer, text, list } = await openComposer(page)
      await text.pressSequentially('@')
      await expect(list).toBeVisible()
      await text.press('ArrowDown')
      expect(blocking(await axeFindings(page, '[role="dialog"]'))).toEqual([])
      await reviewShot(page, 'mentions', scheme)
      await text.press('Escape')
      await text.press('Escape')
      await expect(composer).toBeHidden()
    }
    expect(problems.errors).toEqual([])
  })
}
