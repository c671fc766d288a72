import { readFile } from 'node:fs/promises'

import { expect, test } from './support/fixtures.js'
import { typeInto } from './support/person.js'

test('create a discussion from a template with chosen participants', async ({
  page,
  ui,
  problems,
}) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'New discussion' }).click()
  const dialog = page.getByRole('dialog', { name: 'New discussion' })
  await expect(dialog).toBeVisible()
  await typeInto(dialog.getByLabel('Title'), 'Rate limiting for the public API')
  await dialog.getByRole('combobox', { name: 'Template' }).click()
  await page.getByRole('option', { name: /brainstorm/i }).click()
  await dialog.getByText('security', { exact: true }).click()
  await typeInto(dialog.getByLabel('Context'), 'We need **limits** per API key.')
  await dialog.getByRole('button', { name: 'Create discussion' }).click()

  await expect(page.getByTestId('discussion-title')).toHaveText('Rate limiting for the public API')
  await expect(page.getByTestId('phases')).toBeVisible()
  const file = await readFile(`${ui.folder}/rate-limiting-for-the-public-api.md`, 'utf8')
  expect(file).toContain('<!-- Template: brainstorm -->')
  expect(file).toContain('We need **limits** per API key.')

  await page.keyboard.press('r')
  await page.goBack()
  await expect(
    page.getByRole('link', { name: 'Open Rate limiting for the public API' }),
  ).toBeVisible()
  expect(problems.errors).toEqual([])
  expect(problems.cspViolations).toEqual([])
})

test('Esc closes the dialog without creating anything', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'New discussion' }).click()
  await expect(page.getByRole('dialog', { name: 'New discussion' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
