/**
 * The list, typed and clicked key by key on a generated folder: its columns sort (click, Enter or
 * Space on the header; aria-sort says the order), it filters by template, phase and participant,
 * and each discussion shows how many comments came since the person last read it (comments added
 * through the real bin while they were away).
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { writeSearchFixture } from '../bench/search-fixture.js'
import { bin } from './support/cli.js'
import { axeFindings, blocking } from './support/axe.js'
import { testWithUi, expect } from './support/fixtures.js'
import { typeInto } from './support/person.js'
import { reviewShot, useScheme } from './support/review-shots.js'
import { SIZES } from './support/sized-screenshots.js'
import { exampleFolder, startUi } from './support/ui-server.js'

/** Four discussions that differ: templates, phases, participants and comment counts. */
const test = testWithUi(async () => {
  const folder = await exampleFolder({}, false)
  await writeSearchFixture(folder, 4, 10)
  const edit = async (n: number, from: string, to: string): Promise<void> => {
    const file = join(folder, `design-000${n}.md`)
    await writeFile(file, (await readFile(file, 'utf8')).replace(from, to))
  }
  await edit(1, 'Template: feature', 'Template: brainstorm')
  await edit(2, 'Phase: initial_feedback', 'Phase: detailed_review')
  await edit(3, 'Participants: architect, security', 'Participants: researcher, security')
  bin(folder, 'comment', join(folder, 'design-0001.md'), 'One more.', '--as', 'Dana')
  bin(folder, 'comment', join(folder, 'design-0001.md'), 'And another.', '--as', 'Dana')
  bin(folder, 'comment', join(folder, 'design-0002.md'), 'A third view.', '--as', 'Ann')
  return startUi(folder)
})

const rows = (page: Page) => page.getByTestId('discussion-table').locator('tbody tr')
const titles = (page: Page): Promise<string[]> =>
  rows(page).evaluateAll((items) => items.map((row) => row.getAttribute('data-discussion') ?? ''))
const header = (page: Page, name: string) =>
  page.getByTestId('discussion-table').locator('th', { hasText: name })
/** The Comments column, top to bottom. */
const comments = (page: Page): Promise<number[]> =>
  rows(page).evaluateAll((items) =>
    items.map((row) => Number(row.querySelectorAll('td')[4]?.querySelector('p')?.textContent)),
  )
const numbers = (all: string[]): number[] => all.map((t) => Number(/Design (\d+)/.exec(t)?.[1]))

test('headers sort by click and by keyboard, and say so with aria-sort', async ({
  page,
  problems,
}) => {
  await page.goto('/')
  await expect(rows(page)).toHaveCount(4)
  await header(page, 'Comments').getByRole('button').click()
  await expect(header(page, 'Comments')).toHaveAttribute('aria-sort', 'ascending')
  await expect(header(page, 'Discussion')).toHaveAttribute('aria-sort', 'none')
  // 10, 10, 11, 12 comments.
  expect(await comments(page)).toEqual([10, 10, 11, 12])
  // Enter on the focused header sorts the other way.
  await header(page, 'Comments').getByRole('button').focus()
  await page.keyboard.press('Enter')
  await expect(header(page, 'Comments')).toHaveAttribute('aria-sort', 'descending')
  expect(await comments(page)).toEqual([12, 11, 10, 10])
  expect(numbers(await titles(page)).slice(0, 2)).toEqual([1, 2])
  // Space on the title's header: by title, as numbers read.
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Shift+Tab')
  await expect(header(page, 'Discussion').getByRole('button')).toBeFocused()
  await page.keyboard.press('Space')
  await expect(header(page, 'Discussion')).toHaveAttribute('aria-sort', 'ascending')
  expect(numbers(await titles(page))).toEqual([0, 1, 2, 3])
  await page.keyboard.press('Space')
  await expect(header(page, 'Discussion')).toHaveAttribute('aria-sort', 'descending')
  expect(numbers(await titles(page))).toEqual([3, 2, 1, 0])
  expect(problems.errors).toEqual([])
})

test('filters by template, phase and participant, typed into their pickers', async ({
  page,
  problems,
}) => {
  await page.goto('/')
  await expect(rows(page)).toHaveCount(4)
  const template = page.getByRole('combobox', { name: 'Filter by template' })
  await typeInto(template, 'brain')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  expect(numbers(await titles(page))).toEqual([1])
  await expect(rows(page)).toHaveCount(1)
  await typeInto(template, 'any')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(rows(page)).toHaveCount(4)

  await typeInto(page.getByRole('combobox', { name: 'Filter by phase' }), 'detailed')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(rows(page)).toHaveCount(1)
  expect(numbers(await titles(page))).toEqual([2])
  await typeInto(page.getByRole('combobox', { name: 'Filter by phase' }), 'any')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(rows(page)).toHaveCount(4)

  await typeInto(page.getByRole('combobox', { name: 'Filter by participant' }), 'resea')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(rows(page)).toHaveCount(1)
  expect(numbers(await titles(page))).toEqual([3])
  expect(problems.errors).toEqual([])
})

test('each row counts the comments added since the person last read it', async ({
  page,
  ui,
  problems,
}) => {
  await page.goto('/')
  const row = (n: number) => rows(page).filter({ hasText: `Design ${n}:` })
  const fresh = (n: number) => row(n).locator('[data-column="unread"]')
  // Never read: every comment is new.
  await expect(fresh(1)).toContainText('12 new since you last read it')
  await row(1).click()
  await expect(page.locator('[data-comment-index="0"]')).toBeVisible()
  await page.getByRole('button', { name: 'Back' }).first().click()
  await expect(fresh(1)).toContainText('nothing new')
  bin(ui.folder, 'comment', join(ui.folder, 'design-0001.md'), 'Back again.', '--as', 'Ann')
  bin(ui.folder, 'comment', join(ui.folder, 'design-0001.md'), 'Q: Who decides?', '--as', 'Dana')
  await expect(fresh(1)).toContainText('2 new since you last read it', { timeout: 20_000 })
  await expect(fresh(0)).toContainText('10 new since you last read it')
  expect(problems.errors).toEqual([])
})

for (const scheme of ['light', 'dark'] as const) {
  test(`the sorted, filtered list passes axe at both sizes (${scheme})`, async ({
    page,
    problems,
  }) => {
    await useScheme(page, scheme)
    await page.goto('/')
    await expect(rows(page)).toHaveCount(4)
    await header(page, 'Comments').getByRole('button').click()
    await header(page, 'Comments').getByRole('button').click()
    for (const size of SIZES) {
      await page.setViewportSize(size)
      expect(blocking(await axeFindings(page))).toEqual([])
      await reviewShot(page, 'list-sort', scheme)
    }
    expect(problems.errors).toEqual([])
  })
}
