// A debate run from the app on a scripted provider, typed as a person types: started from the
// New discussion dialog with the CLI's role weights, watched per participant, cancelled, resumed
// and finished; and an escalated one decided between the proposals in play. Neither offers Run
// turn, a vote tally or Advance. The debate panel resizes from the keyboard and leaves the thread
// its room. SCREENSHOTS=1 writes each state at 1024x700 and 1400x900.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { expectKeyboardResize } from './support/resizable-panel.js'
import { expect, startScriptedUi, test as base } from './support/scripted-ui.js'
import type { ScriptedUi } from './support/scripted-ui.js'
import { SIZES, screenshotsAtBothSizes } from './support/sized-screenshots.js'

const test = base.extend<{ debateApp: ScriptedUi }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures this one needs from it
  debateApp: async ({}, use) => {
    const ui = await startScriptedUi() // everyone answers: a debate needs all three
    await use(ui)
    await ui.stop()
  },
})

async function screenshots(page: Page, name: string): Promise<void> {
  await screenshotsAtBothSizes(page, `debate-${name}`)
}

async function startDebate(page: Page, ui: ScriptedUi, title: string, rounds?: string) {
  await page.goto(ui.url)
  await page.getByRole('button', { name: 'New discussion' }).click()
  const dialog = page.getByRole('dialog', { name: 'New discussion' })
  await dialog.getByRole('combobox', { name: 'Template' }).click()
  await page.getByRole('option', { name: /debate/i }).click()
  await dialog.getByLabel('What should the debate decide?').pressSequentially(title)
  // The CLI's defaults, shown: the architect 2, the security expert 1.5, everyone else 1.
  await expect(dialog.getByLabel('Weight of @architect')).toHaveValue('2')
  await expect(dialog.getByLabel('Weight of @security')).toHaveValue('1.5')
  await expect(dialog.getByLabel('Weight of @pragmatist')).toHaveValue('1')
  if (rounds !== undefined) {
    const field = dialog.getByLabel('Rounds before you decide')
    await field.press('ControlOrMeta+a')
    await field.pressSequentially(rounds)
  }
  await dialog.getByRole('button', { name: 'Start debate' }).click()
  await expect(page.getByTestId('discussion-title')).toHaveText(title)
  return page.getByTestId('debate-view')
}

async function expectNoOrdinaryControls(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Run turn' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Advance/ })).toHaveCount(0)
  await expect(page.getByText('Votes this phase')).toHaveCount(0)
  await expect(page.getByText(/No consensus yet/)).toHaveCount(0)
}

test('start a debate from the app, watch it, cancel it, resume it and see it finish', async ({
  page,
  debateApp: ui,
  appProblems,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize(SIZES[1])
  const view = await startDebate(page, ui, 'Where should sessions live')
  const status = view.getByTestId('debate-status')
  await expect(status).toHaveText('RUNNING')
  // The proposals stream and wait at the gate: each participant shows as writing, with its count.
  const progress = view.getByTestId('debate-progress')
  for (const alias of ['architect', 'security', 'pragmatist'])
    await expect(progress.locator(`[data-alias="${alias}"]`)).toHaveAttribute(
      'data-state',
      'writing',
    )
  await expect(progress.locator('[data-phase="propose"]')).toBeVisible()
  await expectNoOrdinaryControls(page)
  await screenshots(page, 'running')

  await view.getByTestId('debate-cancel').click()
  await expect(status).toHaveText('OPEN')
  await expect(view.getByText(/Cancelled; every answer that arrived is saved/)).toBeVisible()
  await expect(view.getByTestId('debate-run')).toHaveText('Resume')
  await screenshots(page, 'cancelled')

  await ui.release('debate-go')
  await view.getByTestId('debate-run').click()
  // Resume asks for a budget over the estimate of what is left, then goes on.
  const resume = page.getByRole('dialog', { name: 'Resume the debate' })
  await expect(resume.getByTestId('estimate-row').first()).toBeVisible()
  await resume.getByRole('button', { name: 'Resume debate' }).click()
  await expect(status).toHaveText('CONSENSUS', { timeout: 60_000 })
  await expect(view.getByText(/consensus on P\d in round 1/)).toBeVisible()
  await expect(view.getByTestId('debate-run')).toHaveCount(0)
  await expect(page.getByTestId('outcomes').locator('[data-current]')).toHaveText('Decided')
  await expectNoOrdinaryControls(page)
  await screenshots(page, 'consensus')

  // The panel resizes from the keyboard, as the council's does, within bounds that leave the
  // thread its room; it keeps its height when folded and shown again, and after a reload.
  await page.setViewportSize(SIZES[0])
  // The panel re-measures its bound on the window's resize event: read its height after that.
  await page.waitForFunction((height) => window.innerHeight === height, SIZES[0].height)
  const { handle, most, panelHeight } = await expectKeyboardResize(page, view, 'debate')
  // The debate's contents are taller than the most: at End the panel filled it, scrolling inside.
  expect(Math.abs(panelHeight - most)).toBeLessThanOrEqual(1)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(handle).toHaveAttribute('aria-valuenow', '168')
  await view.getByRole('button', { name: 'Fold the debate away' }).click()
  await expect(view.getByTestId('debate-panel')).toHaveCount(0)
  await expect(handle).toHaveCount(0)
  await view.getByRole('button', { name: 'Show the debate' }).click()
  await expect(handle).toHaveAttribute('aria-valuenow', '168')
  await page.reload()
  await expect(view.getByTestId('debate-status')).toHaveText('CONSENSUS')
  await expect(handle).toHaveAttribute('aria-valuenow', '168')
  expect(appProblems.errors).toEqual([])
})

test('an escalated debate is decided between the proposals in play, with the reason kept', async ({
  page,
  debateApp: ui,
  appProblems,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize(SIZES[1])
  await writeFile(join(ui.root, 'gate', 'debate-go'), '')
  await writeFile(join(ui.root, 'gate', 'debate-stalemate'), '') // ballots approve nothing
  const view = await startDebate(page, ui, 'Pick a queue', '1')
  const status = view.getByTestId('debate-status')
  await expect(status).toHaveText('ESCALATED', { timeout: 60_000 })
  await expect(page.getByTestId('outcomes').locator('[data-current]')).toHaveText('Escalated')
  await expectNoOrdinaryControls(page)
  await screenshots(page, 'escalated')

  await view.getByLabel('Proposal in play').click()
  await expect(page.getByRole('option')).toHaveText(['P1', 'P2', 'P3'])
  await page.getByRole('option', { name: 'P2' }).click()
  await view.getByRole('button', { name: 'Accept P2' }).click() // no reason yet: refused in words
  await expect(
    view.getByText('The reason is empty. Type a few words; spaces alone do not count.'),
  ).toBeVisible()
  await expect(status).toHaveText('ESCALATED')
  await view.getByLabel('Why (kept in the file)').pressSequentially('It keeps one moving part.')
  await view.getByRole('button', { name: 'Accept P2' }).click()
  await expect(status).toHaveText('ACCEPTED')
  await expect(view.getByText('decided: Rob accepted P2')).toBeVisible()
  const text = await readFile(join(ui.root, 'discussions', 'pick-a-queue.md'), 'utf8')
  expect(text).toContain('It keeps one moving part.')
  await screenshots(page, 'accepted')
  expect(appProblems.errors).toEqual([])
})
