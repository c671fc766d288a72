/**
 * Settings follow the disk while the app runs: providers.yaml is edited in an editor while the
 * page is open, and the toast and the Run turn dialog's provider list follow, as a person sees it.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { axeFindings, blocking } from './support/axe.js'
import { SIZES } from './support/sized-screenshots.js'
import { reviewShot } from './support/review-shots.js'
import { expect, openDiscussion, test } from './support/scripted-ui.js'

/** The provider choices the Run turn dialog offers, read by opening its list as a person does. */
async function providerChoices(page: Page): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: 'Run turn' })
  await dialog.getByRole('combobox', { name: 'Provider' }).click()
  const options = page.getByRole('option')
  await expect(options.first()).toBeVisible()
  const labels = await options.allTextContents()
  await page.keyboard.press('Escape') // closes the list, not the dialog
  await expect(options.first()).toBeHidden()
  return labels
}

const OLLAMA = [
  '  - name: ollama',
  '    type: openai',
  '    base_url: http://127.0.0.1:1/v1',
  '    model: llama3.2',
  '',
].join('\n')

test('a provider added to providers.yaml while the app runs is told and offered at once', async ({
  page,
  app,
}) => {
  await page.setViewportSize(SIZES[1])
  await openDiscussion(page, app, 'Add User Authentication')
  await page.keyboard.press('t')
  const dialog = page.getByRole('dialog', { name: 'Run turn' })
  await expect(dialog.getByRole('button', { name: /Start turn/ })).toBeVisible()
  expect(await providerChoices(page)).not.toContain('ollama only')

  // The person adds a provider in their editor, the dialog still open.
  const file = join(app.configDir, 'providers.yaml')
  const before = await readFile(file, 'utf8')
  await writeFile(file, before.replace('default: scripted', `${OLLAMA}default: scripted`))

  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Settings changed' })
  await expect(toast).toContainText('Provider ollama added')
  await expect(dialog).toBeVisible()
  expect(await providerChoices(page)).toContain('ollama only')
  expect(blocking(await axeFindings(page))).toEqual([])
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await reviewShot(page, 'settings-live-added')
  }

  // A save that breaks the file: what is wrong and where, and the list in use stays.
  await writeFile(file, `${before}  - name: broken\n   type: [unclosed\n`)
  const problem = page
    .locator('.mantine-Notification-root')
    .filter({ hasText: 'Could not read a settings file' })
  await expect(problem).toContainText(/providers\.yaml:\d+/)
  await expect(problem).toContainText('The previous settings stay in use until this is fixed.')
  expect(await problem.textContent()).not.toContain('`')
  expect(await providerChoices(page)).toContain('ollama only')
  expect(blocking(await axeFindings(page))).toEqual([])
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await reviewShot(page, 'settings-live-broken')
  }

  // Refresh and opening the dialog again show the settings in use, not those at start.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.keyboard.press('r')
  await page.keyboard.press('t')
  await expect(dialog.getByRole('button', { name: /Start turn/ })).toBeVisible()
  expect(await providerChoices(page)).toContain('ollama only')

  // Fixed without ollama: it leaves the list, and the toast says so.
  await writeFile(file, before)
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: 'Settings changed' }),
  ).toContainText('Provider ollama removed')
  expect(await providerChoices(page)).not.toContain('ollama only')
})
