import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { AUTH_FILE, expect, openDiscussion, test } from './support/scripted-ui.js'
import { typeInto } from './support/person.js'

test('run a turn: live states per participant, then the saved answers and votes', async ({
  page,
  app,
  appProblems,
}) => {
  await openDiscussion(page, app, 'Add User Authentication')
  await page.keyboard.press('t')
  const dialog = page.getByRole('dialog', { name: 'Run turn' })
  await expect(dialog.getByTestId('turn-participants')).toBeVisible()
  await dialog.getByRole('button', { name: 'All participants' }).click()
  await typeInto(dialog.getByLabel('Callout'), 'Is the rollout plan safe?')
  await expect(dialog.getByRole('button', { name: 'Start turn (3)' })).toBeEnabled()
  await dialog.getByRole('button', { name: 'Start turn (3)' }).click()
  await expect(dialog).toBeHidden()

  const panel = page.getByTestId('turn-progress')
  const row = (alias: string) => panel.locator(`[data-participant="${alias}"]`)
  // Held at the gate halfway: each answer is visibly streaming, nothing is saved yet.
  await expect(row('architect')).toHaveAttribute('data-state', 'streaming')
  await expect(row('architect').getByTestId('turn-stream')).toContainText(
    'Scripted answer from AI-Architect.',
  )
  await expect(row('security')).toHaveAttribute('data-state', 'streaming')
  await expect(row('pragmatist')).toHaveAttribute('data-state', 'failed')
  await expect(row('pragmatist').getByTestId('turn-reason')).toContainText('quota exceeded')
  await expect(panel.getByRole('button', { name: 'Cancel turn' })).toBeVisible()
  expect(await readFile(join(app.folder, AUTH_FILE), 'utf8')).not.toContain('Scripted answer')

  await app.release()
  await expect(row('architect')).toHaveAttribute('data-state', 'done')
  await expect(row('architect').getByTestId('turn-vote')).toHaveText('READY')
  await expect(row('security').getByTestId('turn-vote')).toHaveText('CHANGES')
  await expect(row('security').getByTestId('turn-usage')).toContainText('scripted')
  await expect(row('security').getByTestId('turn-usage')).toContainText('in ·')
  await expect(panel.getByTestId('turn-summary')).toContainText('Turn finished')

  // The answers are in the file and, without pressing R, in the list (which followed the end).
  const list = page.getByTestId('comment-list')
  await expect(list.getByText('Scripted answer from AI-Security.')).toBeVisible()
  const text = await readFile(join(app.folder, AUTH_FILE), 'utf8')
  expect(text).toMatch(
    /Name: AI-Architect\n\nScripted answer from AI-Architect\.[\s\S]*VOTE: READY/,
  )
  expect(text).toMatch(
    /Name: AI-Security\n\nScripted answer from AI-Security\.[\s\S]*VOTE: CHANGES/,
  )
  await expect(
    page.getByTestId('participants').locator('[data-participant="AI-Security"]'),
  ).toContainText('CHANGES')
  await panel.getByRole('button', { name: 'Close' }).click()
  await expect(panel).toBeHidden()
  expect(appProblems.errors).toEqual([])
  expect(appProblems.cspViolations).toEqual([])
})

test('cancel a running turn: nothing half-written is saved', async ({ page, app }) => {
  const before = await readFile(join(app.folder, AUTH_FILE), 'utf8')
  await openDiscussion(page, app, 'Add User Authentication')
  await page.getByRole('button', { name: 'Run turn' }).click()
  const dialog = page.getByRole('dialog', { name: 'Run turn' })
  await dialog.getByRole('button', { name: 'None' }).click()
  await dialog.getByText('@architect', { exact: true }).click()
  await dialog.getByRole('button', { name: 'Start turn (1)' }).click()

  const panel = page.getByTestId('turn-progress')
  const row = panel.locator('[data-participant="architect"]')
  await expect(row).toHaveAttribute('data-state', 'streaming')
  // Leaving the discussion and coming back finds the turn where it is.
  await page.getByRole('button', { name: 'Back to the discussions' }).click()
  await expect(panel).toHaveCount(0)
  await page.getByRole('link', { name: 'Open Add User Authentication' }).click()
  await expect(row).toHaveAttribute('data-state', 'streaming')
  await panel.getByRole('button', { name: 'Cancel turn' }).click()
  await expect(panel.getByTestId('turn-summary')).toContainText('Cancelled')
  await expect(row).not.toHaveAttribute('data-state', 'done')
  expect(await readFile(join(app.folder, AUTH_FILE), 'utf8')).toBe(before)
  // Another turn can start at once.
  await expect(page.getByRole('button', { name: 'Run turn' })).toBeEnabled()
})
