/**
 * The Export menu on a discussion, as a person uses it: the decision as an ADR in one of three
 * formats, or the whole discussion as one HTML page, written into the folder they opened; a
 * second export of the same record asks before replacing it.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, test } from '@playwright/test'

import { axeFindings, blocking } from './support/axe.js'
import { watchProblems } from './support/fixtures.js'
import { exampleFolder, startUi } from './support/ui-server.js'
import type { RunningUi } from './support/ui-server.js'

const TITLE = 'ADR: Public API Redesign Behind a Gateway'
let ui: RunningUi

test.beforeEach(async () => {
  ui = await startUi(await exampleFolder())
})
test.afterEach(async () => ui.stop())

test('export the decision as ADRs and the discussion as a page', async ({ page }) => {
  const problems = await watchProblems(page)
  await page.goto(ui.url)
  await page.getByRole('link', { name: `Open ${TITLE}` }).click()
  await expect(page.getByTestId('discussion-title')).toHaveText(TITLE)

  // MADR, with the mouse.
  await page.getByRole('button', { name: 'Export' }).click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem', { name: /Decision record \(MADR\)/ })).toBeVisible()
  expect(blocking(await axeFindings(page, '[role="menu"]'))).toEqual([])
  await menu.getByRole('menuitem', { name: /Decision record \(MADR\)/ }).click()
  const madr = 'docs/decisions/0001-public-api-redesign-behind-a-gateway.md'
  await expect(page.getByText('Decision record written')).toBeVisible()
  await expect(page.getByText(`${madr} (madr, proposed)`)).toBeVisible()
  const text = await readFile(join(ui.folder, madr), 'utf8')
  expect(text).toMatch(/^---\nstatus: proposed\ndate: \d{4}-\d{2}-\d{2}\n/)
  expect(text).toContain('\n# Public API Redesign Behind a Gateway\n')

  // The same record again, with the keyboard: it asks before replacing.
  await page.getByRole('button', { name: 'Export' }).focus()
  await page.keyboard.press('Enter')
  await expect(menu).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowUp')
  const first = menu.getByRole('menuitem', { name: /Decision record \(MADR\)/ })
  await expect(first).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Replace the file?' })
  await expect(dialog).toContainText(`${madr} is already there: a record of this decision.`)
  await dialog.getByRole('button', { name: 'Keep it' }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'Export' }).click()
  await menu.getByRole('menuitem', { name: /Decision record \(MADR\)/ }).click()
  await dialog.getByRole('button', { name: 'Replace' }).click()
  await expect(page.getByText('Decision record replaced')).toBeVisible()

  // adr-tools and log4brains go where their tools look.
  await page.getByRole('button', { name: 'Export' }).click()
  await menu.getByRole('menuitem', { name: /Decision record \(adr-tools\)/ }).click()
  await expect(
    page.getByText('doc/adr/0001-public-api-redesign-behind-a-gateway.md (adr-tools, proposed)'),
  ).toBeVisible()
  const tools = await readFile(
    join(ui.folder, 'doc/adr/0001-public-api-redesign-behind-a-gateway.md'),
    'utf8',
  )
  expect(tools).toMatch(
    /^# 1\. Public API Redesign Behind a Gateway\n\nDate: .*\n\n## Status\n\nProposed\n/,
  )
  await page.getByRole('button', { name: 'Export' }).click()
  await menu.getByRole('menuitem', { name: /Decision record \(log4brains\)/ }).click()
  await expect(
    page.getByText(
      /^docs\/adr\/\d{8}-public-api-redesign-behind-a-gateway\.md \(log4brains, proposed\)$/,
    ),
  ).toBeVisible()

  // The page, beside the discussion.
  await page.getByRole('button', { name: 'Export' }).click()
  await menu.getByRole('menuitem', { name: /HTML page/ }).click()
  await expect(page.getByText('Page written')).toBeVisible()
  await expect(page.getByText('api-redesign-adr.html (1 diagram)')).toBeVisible()
  const html = await readFile(join(ui.folder, 'api-redesign-adr.html'), 'utf8')
  expect(html).toContain(`<title>${TITLE}</title>`)

  expect(problems.errors).toEqual([])
  expect(problems.cspViolations).toEqual([])
})
