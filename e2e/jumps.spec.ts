/**
 * Jumps, typed key by key on a generated discussion: the next and previous open question (U),
 * concern (O), decision (I) and REJECT vote (X) land on the comments `discussions parse` says hold
 * them, wrapping at the ends; the side panel's buttons do the same; F goes to the first comment
 * added since the person last opened the discussion (comments added through the real bin).
 */
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { writeSearchFixture } from '../bench/search-fixture.js'
import { bin } from './support/cli.js'
import { axeFindings, blocking } from './support/axe.js'
import { testWithUi, expect } from './support/fixtures.js'
import { reviewShot, useScheme } from './support/review-shots.js'
import { exampleFolder, startUi } from './support/ui-server.js'

const test = testWithUi(async () => {
  const folder = await exampleFolder({}, false)
  await writeSearchFixture(folder, 2, 60)
  return startUi(folder)
})

interface Parsed {
  comments: { line: number; vote: string | null }[]
  questions: { line: number }[]
  concerns: { line: number }[]
  decisions: { line: number }[]
}

/** The comments holding the items, worked out here from what `parse` prints. */
function holding(parsed: Parsed, items: { line: number }[]): number[] {
  const found = items.map((item) =>
    parsed.comments.reduce((at, comment, index) => (comment.line <= item.line ? index : at), -1),
  )
  return [...new Set(found.filter((i) => i >= 0))].sort((a, b) => a - b)
}

/** The outlined comment's number; null when none is (the list shows the comments in view). */
const active = (page: Page): Promise<string | null> =>
  page.evaluate(
    () =>
      document
        .querySelector('[data-comment-index][data-active="true"]')
        ?.getAttribute('data-comment-index') ?? null,
  )

async function open(page: Page, name: RegExp): Promise<void> {
  await page.goto('/')
  await page.getByRole('link', { name }).click()
  await expect(page.getByTestId('jump-panel')).toBeVisible()
}

test('U, O, I and X step through questions, concerns, decisions and REJECT votes, both ways', async ({
  page,
  ui,
  problems,
}) => {
  const file = join(ui.folder, 'design-0001.md')
  const parsed = JSON.parse(bin(ui.folder, 'parse', file)) as Parsed
  const expected = {
    u: holding(parsed, parsed.questions),
    o: holding(parsed, parsed.concerns),
    i: holding(parsed, parsed.decisions),
    x: parsed.comments.flatMap((c, index) => (c.vote === 'REJECT' ? [index] : [])),
  }
  for (const list of Object.values(expected)) expect(list.length).toBeGreaterThan(1)
  await open(page, /^Open Design 1:/)
  await page.getByTestId('side-panel').hover() // the keys work wherever the pointer is
  for (const [key, targets] of Object.entries(expected)) {
    // Forward from wherever the reader is: the next target below, around to the first at the end.
    for (let step = 0; step <= targets.length; step++) {
      const at = Number((await active(page)) ?? -1)
      const next = targets.find((t) => t > at) ?? targets[0]
      await page.keyboard.press(key)
      await expect.poll(() => active(page)).toBe(String(next))
    }
    // Back with Shift: the one above, around to the last at the top.
    for (let step = 0; step < 2; step++) {
      const at = Number(await active(page))
      const previous = targets.findLast((t) => t < at) ?? targets.at(-1)
      await page.keyboard.press(`Shift+${key.toUpperCase()}`)
      await expect.poll(() => active(page)).toBe(String(previous))
    }
  }
  // The side panel's buttons, with what happened said in words.
  const panel = page.getByTestId('jump-panel')
  await panel.getByRole('button', { name: 'Next concern (O)' }).click()
  const concern = await active(page)
  expect(expected.o).toContain(Number(concern))
  await expect(panel.getByRole('status')).toContainText(
    new RegExp(`^Concern \\d+ of ${expected.o.length}: comment #${concern}\\.$`),
  )
  await panel.getByRole('button', { name: 'Previous REJECT vote (Shift+X)' }).click()
  expect(expected.x).toContain(Number(await active(page)))
  // The palette lists every jump with its key.
  await page.keyboard.press('ControlOrMeta+k')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await palette.getByRole('combobox').pressSequentially('next decision')
  await expect(palette.getByRole('option').first()).toHaveAccessibleName('Next decision (I)')
  await page.keyboard.press('Enter')
  await expect.poll(async () => expected.i.includes(Number(await active(page)))).toBe(true)
  expect(problems.errors).toEqual([])
})

test('F jumps to the first comment added since the person last read the discussion', async ({
  page,
  ui,
  problems,
}) => {
  await useScheme(page, 'dark')
  await page.setViewportSize({ width: 1400, height: 900 })
  const file = join(ui.folder, 'design-0000.md')
  const before = (JSON.parse(bin(ui.folder, 'parse', file)) as Parsed).comments.length
  await open(page, /^Open Design 0:/)
  const panel = page.getByTestId('jump-panel')
  // Never read before: everything is new, from the first comment.
  await expect(panel.getByRole('button', { name: /^First unread: #0 \(F\)$/ })).toBeVisible()
  await page.getByRole('button', { name: 'Back' }).first().click()
  await expect(page.getByTestId('discussion-table')).toBeVisible()

  // Others write meanwhile.
  bin(ui.folder, 'comment', file, 'A late thought on the rollout.', '--as', 'Dana')
  bin(ui.folder, 'comment', file, 'Q: Who owns the rollback?', '--as', 'Ann', '--vote', 'REJECT')
  await open(page, /^Open Design 0:/)
  await expect(panel.getByRole('button', { name: `First unread: #${before} (F)` })).toBeVisible()
  await page.keyboard.press('Home')
  await page.keyboard.press('f')
  await expect.poll(() => active(page)).toBe(String(before))
  await expect(panel.getByRole('status')).toHaveText(`First unread: comment #${before}, 2 new.`)
  await expect(page.locator(`[data-comment-index="${before}"]`)).toContainText('late thought')
  // The new REJECT is a jump target too.
  await page.keyboard.press('x')
  await expect.poll(() => active(page)).toBe(String(before + 1))
  expect(blocking(await axeFindings(page, '[data-testid="jump-panel"]'))).toEqual([])
  await reviewShot(page, 'jumps', 'dark')
  expect(problems.errors).toEqual([])
})
