/**
 * Search in the app, typed key by key on the generated benchmark folder (bench/search-fixture.ts,
 * 60 discussions x 100 comments here): the list's search finds words inside comments, each hit
 * with its comment and line, in the order `discussions search --json` and the library give; a hit
 * opens its discussion at that comment, and so does its address.
 */
import { spawnSync } from 'node:child_process'
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { writeSearchFixture } from '../bench/search-fixture.js'
import { searchSources } from '../src/core/search/index.js'
import { uiAt } from './support/cli.js'
import { testWithUi, expect } from './support/fixtures.js'
import { typeInto } from './support/person.js'
import { exampleFolder, ROOT, startUi } from './support/ui-server.js'

const test = testWithUi(async () => {
  const folder = await exampleFolder({}, false)
  await writeSearchFixture(folder, 60, 100)
  return startUi(folder)
})

interface Hit {
  path: string
  comment: number | null
  line: number
}

const address = (hits: readonly Hit[]): string[] =>
  hits.map((hit) => `${hit.path}:${hit.line}#${hit.comment ?? '-'}`)

/** What the CLI answers for the same query, through the real bin. */
function cliHits(folder: string, query: string): string[] {
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'bin', 'discussions.cjs'), 'search', query, folder, '--json', '--limit', '50'],
    { cwd: join(folder, '..'), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  )
  if (run.status !== 0 && run.status !== 1) throw new Error(run.stderr)
  return address((JSON.parse(run.stdout) as { hits: Hit[] }).hits)
}

async function libraryHits(folder: string, query: string): Promise<string[]> {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.md')).sort()
  const sources = await Promise.all(
    names.map(async (name) => ({
      path: join(folder, name),
      text: await readFile(join(folder, name), 'utf8'),
    })),
  )
  return address(searchSources(sources, query, { limit: 50 }).hits)
}

async function appHits(page: Page): Promise<string[]> {
  return page
    .getByTestId('search-hits')
    .locator('li')
    .evaluateAll((items) =>
      items.map((item) => {
        const link = item.querySelector('[data-hit-comment]')
        const comment = link?.getAttribute('data-hit-comment') ?? ''
        return `${item.getAttribute('data-hit-path')}:${item.getAttribute('data-hit-line')}#${comment === '' ? '-' : comment}`
      }),
    )
}

test('the list searches the text of every discussion, as the CLI and the library do', async ({
  page,
  ui,
  problems,
}) => {
  await page.goto('/')
  const rows = page.getByTestId('discussion-table').locator('tbody tr')
  await expect(rows).toHaveCount(60)
  const field = page.getByLabel('Search discussions')
  for (const query of ['gdpr', 'idempotency', 'kalo', 'rollback kalo']) {
    await typeInto(field, query)
    const status = page.getByTestId('search-hits').getByRole('status')
    const expected = await libraryHits(ui.folder, query)
    // The list shows the best 50, in the order the library ranks them and the CLI prints them.
    expect(expected.length).toBeGreaterThan(0)
    await expect.poll(() => appHits(page), { timeout: 20_000 }).toEqual(expected)
    expect(cliHits(ui.folder, query)).toEqual(expected)
    await expect(status).toContainText(/\d+ match(es)? in \d+ of 60 discussions/)
  }
  // The table keeps the discussions with a hit.
  await typeInto(field, 'idempotency')
  const matched = await page.getByTestId('search-hits').getByRole('status').textContent()
  const discussions = Number(/in (\d+) of 60/.exec(matched ?? '')?.[1])
  await expect(rows).toHaveCount(discussions)
  expect(problems.errors).toEqual([])
  expect(problems.cspViolations).toEqual([])
})

test('a hit opens its discussion at the comment, and the address does too', async ({
  page,
  problems,
}) => {
  await page.goto('/')
  await typeInto(page.getByLabel('Search discussions'), 'gdpr')
  const first = page.getByTestId('search-hits').locator('[data-hit-comment]').first()
  const comment = Number(await first.getAttribute('data-hit-comment'))
  await first.click()
  await expect(page).toHaveURL(new RegExp(`comment=${comment}$`))
  const shown = page.locator(`[data-comment-index="${comment}"]`)
  await expect(shown).toBeVisible()
  await expect(shown).toContainText(/gdpr/i)
  // The address alone, in a new tab: the same comment.
  const url = page.url()
  const other = await page.context().newPage()
  await other.goto(url)
  await expect(other.locator(`[data-comment-index="${comment}"]`)).toBeVisible()
  await expect(other.locator(`[data-comment-index="${comment}"]`)).toContainText(/gdpr/i)
  expect(problems.errors).toEqual([])
})

test('j and k step through the comments; a comment copies its link and markdown and is quoted in a reply', async ({
  page,
  context,
  problems,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/')
  await page.getByRole('link', { name: /^Open Design 3:/ }).click()
  await expect(page.locator('[data-comment-index="0"]')).toBeVisible()
  await page.keyboard.press('j')
  await expect(page.locator('[data-comment-index="0"]')).toHaveAttribute('data-active', 'true')
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  await expect(page.locator('[data-comment-index="2"]')).toHaveAttribute('data-active', 'true')
  await page.keyboard.press('k')
  const second = page.locator('[data-comment-index="1"]')
  await expect(second).toHaveAttribute('data-active', 'true')

  const actions = second.getByRole('button', { name: /^Actions for comment 1 by / })
  await actions.click()
  await page.getByRole('menuitem', { name: 'Copy link' }).click()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).toMatch(/#\/discussion\?path=.*&comment=1$/)
  // The link opens the same comment in another tab.
  const other = await context.newPage()
  await other.goto(link)
  await expect(other.locator('[data-comment-index="1"]')).toHaveAttribute('data-active', 'true')
  await other.close()

  await actions.click()
  await page.getByRole('menuitem', { name: 'Copy as markdown' }).click()
  const markdown = await page.evaluate(() => navigator.clipboard.readText())
  expect(markdown).toMatch(/^Name: \S+\n/)
  const body = markdown.split('\n')[1] ?? ''

  await actions.click()
  await page.getByRole('menuitem', { name: 'Quote reply' }).click()
  const composer = page.getByRole('dialog')
  const text = composer.getByRole('textbox', { name: 'Comment', exact: true })
  await expect(text).toHaveValue(
    new RegExp(`wrote:\\n> ${body.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  )
  await text.press('ControlOrMeta+End')
  await text.pressSequentially('I agree.')
  await expect(text).toHaveValue(/I agree\.$/)
  expect(problems.errors).toEqual([])
})

test('discussions ui --web FILE --at N opens the discussion at that comment', async ({
  browser,
  ui,
}) => {
  const file = join(ui.folder, 'design-0007.md')
  const { url, stop } = await uiAt(ui.folder, file, 42)
  try {
    expect(url).toContain(`&open=${encodeURIComponent('/discussion?')}`)
    const page = await browser.newPage()
    await page.goto(url)
    await expect(page).toHaveURL(/comment=42$/)
    await expect(page.locator('[data-comment-index="42"]')).toHaveAttribute('data-active', 'true')
    await page.close()
  } finally {
    stop()
  }
})
