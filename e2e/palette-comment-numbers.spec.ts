/**
 * One number for a comment, on a generated folder: the number `discussions search` prints is the
 * position `discussions parse` gives the comment (from 0), the card shows that number and that
 * line, `?comment=N` and `discussions ui FILE --at N` open it, and its Copy link names it again.
 */

import { writeSearchFixture } from '../bench/search-fixture.js'
import { bin, uiAt } from './support/cli.js'
import { testWithUi, expect } from './support/fixtures.js'
import { typeInto } from './support/person.js'
import { reviewShot } from './support/review-shots.js'
import { exampleFolder, startUi } from './support/ui-server.js'

const test = testWithUi(async () => {
  const folder = await exampleFolder({}, false)
  await writeSearchFixture(folder, 4, 40)
  return startUi(folder)
})

interface Hit {
  path: string
  comment: number | null
  line: number
}

test('search, parse, the card, the address, ui --at and Copy link give a comment one number', async ({
  page,
  browser,
  context,
  ui,
  problems,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  // A later comment, so an off-by-one shows: the CLI's hit names its file, line and number.
  const { hits } = JSON.parse(bin(ui.folder, 'search', 'kakaka', ui.folder, '--json')) as {
    hits: Hit[]
  }
  const hit = hits.find((h) => h.comment !== null && h.comment > 5)
  if (!hit || hit.comment === null) throw new Error('no hit inside a comment')
  const n = hit.comment
  const parsed = JSON.parse(bin(ui.folder, 'parse', hit.path)) as {
    comments: { line: number; body: string }[]
  }
  // The hit's line falls inside comment N as `parse` numbers it, not N-1 or N+1.
  const start = parsed.comments[n]?.line ?? Infinity
  const next = parsed.comments[n + 1]?.line ?? Infinity
  expect(hit.line).toBeGreaterThanOrEqual(start)
  expect(hit.line).toBeLessThan(next)

  // The app's search lists the same hit with the same number; it opens that card.
  await page.goto('/')
  await typeInto(page.getByLabel('Search discussions'), 'kakaka')
  const link = page
    .getByTestId('search-hits')
    .locator(`li[data-hit-path="${hit.path}"][data-hit-line="${hit.line}"] [data-hit-comment]`)
  await expect(link).toHaveAttribute('data-hit-comment', String(n))
  await link.click()
  await expect(page).toHaveURL(new RegExp(`comment=${n}$`))
  const card = page.locator(`[data-comment-index="${n}"]`)
  await expect(card).toHaveAttribute('data-active', 'true')
  await expect(card).toContainText(`#${n} · line ${start}`)

  // Its Copy link is the same address.
  await card.getByRole('button', { name: new RegExp(`^Actions for comment ${n} by `) }).click()
  await page.getByRole('menuitem', { name: 'Copy link' }).click()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toMatch(new RegExp(`&comment=${n}$`))
  await page.setViewportSize({ width: 1400, height: 900 })
  await reviewShot(page, 'comment-number')

  // `discussions ui FILE --at N` opens the same card.
  const { url, stop } = await uiAt(ui.folder, hit.path, n)
  try {
    const other = await browser.newPage({ viewport: { width: 1024, height: 700 } })
    await other.goto(url)
    await expect(other).toHaveURL(new RegExp(`comment=${n}$`))
    const opened = other.locator(`[data-comment-index="${n}"]`)
    await expect(opened).toHaveAttribute('data-active', 'true')
    await expect(opened).toContainText(`#${n} · line ${start}`)
    await reviewShot(other, 'comment-number-ui-at')
    await other.close()
  } finally {
    stop()
  }
  expect(problems.errors).toEqual([])
})
