import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { AUTH_FILE, expect, openDiscussion, test } from './support/scripted-ui.js'
import { typeInto } from './support/person.js'

test('comment with a vote: preview, a draft that survives closing, the name remembered', async ({
  page,
  app,
  appProblems,
}) => {
  await openDiscussion(page, app, 'Add User Authentication')
  await page.keyboard.press('c')
  const dialog = page.getByRole('dialog', { name: 'Add a comment' })
  await typeInto(dialog.getByLabel('Comment'), 'Looks **good** to me.\n\nQ: who rotates the keys?')
  await dialog.getByRole('tab', { name: 'Preview' }).click()
  await expect(dialog.getByTestId('composer-preview').locator('strong')).toHaveText('good')
  await dialog.getByText('READY', { exact: true }).click()
  await typeInto(dialog.getByLabel('Signed as'), 'Alice')

  // Closing keeps the draft; C opens it again as it was.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.keyboard.press('c')
  await expect(dialog.getByLabel('Comment')).toHaveValue(
    'Looks **good** to me.\n\nQ: who rotates the keys?',
  )
  await dialog.getByRole('button', { name: 'Add comment' }).click()
  await expect(dialog).toBeHidden()

  await expect(page.getByTestId('comment-list').getByText('Looks good to me.')).toBeVisible()
  const text = await readFile(join(app.folder, AUTH_FILE), 'utf8')
  expect(text).toMatch(
    /Name: Alice\n\nLooks \*\*good\*\* to me\.\n\nQ: who rotates the keys\?\n\nVOTE: READY\n\n---\n$/,
  )
  await expect(
    page.getByTestId('participants').locator('[data-participant="Alice"]'),
  ).toContainText('READY')

  // The draft is gone once added, the name is remembered.
  await page.keyboard.press('c')
  await expect(dialog.getByLabel('Comment')).toHaveValue('')
  await expect(dialog.getByLabel('Signed as')).toHaveValue('Alice')
  await page.keyboard.press('Escape')
  expect(appProblems.errors).toEqual([])
  expect(appProblems.cspViolations).toEqual([])
})

test('advance the phase: recorded in the file, votes reset', async ({ page, app }) => {
  await openDiscussion(page, app, 'Add User Authentication')
  const security = page.getByTestId('participants').locator('[data-participant="AI-Security"]')
  await expect(security).toContainText('CHANGES')
  await page.getByRole('button', { name: 'Advance' }).click()
  const dialog = page.getByRole('dialog', { name: 'Advance the phase' })
  await expect(dialog.getByRole('combobox', { name: 'Move to' })).toHaveValue(/\(next\)/)
  await dialog.getByRole('button', { name: 'Advance' }).click()
  await expect(dialog).toBeHidden()

  await expect(page.getByTestId('phases').locator('[aria-current="step"]')).toContainText(
    /consensus/i,
  )
  await expect(security).toContainText('no vote')
  const text = await readFile(join(app.folder, AUTH_FILE), 'utf8')
  expect(text).toContain('<!-- PHASE-TRANSITION: detailed_review -> consensus_vote -->')
  expect(text).toContain('<!-- VOTE-RESET: consensus_vote -->')
  expect(text).toContain('<!-- Phase: consensus_vote -->')
})
