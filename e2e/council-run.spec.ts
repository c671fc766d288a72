// A council run from the app on a scripted provider, typed as a person types: started from the
// New discussion dialog, its members' text watched as it streams (signed as their comments are),
// cancelled and resumed with the header saying RUNNING while it runs; then its tabs: every
// member's answer, each ranker's ballot beside the aggregate and the three-way tie, calls, tokens,
// cost and time per stage. Ask again writes a second council beside the first. The panel resizes
// from the keyboard. No Run turn, vote tally or Advance. SCREENSHOTS=1 writes the tabs at
// 1024x700 and 1400x900 (docs/screenshots/council-*-{size}.png).
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Locator, Page } from '@playwright/test'

import { clearField, typeInto } from './support/person.js'
import { expectKeyboardResize } from './support/resizable-panel.js'
import { expect, startScriptedUi, test as base } from './support/scripted-ui.js'
import type { ScriptedUi } from './support/scripted-ui.js'
import { SIZES, screenshotsAtBothSizes } from './support/sized-screenshots.js'

const test = base.extend<{ councilApp: ScriptedUi }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures this one needs from it
  councilApp: async ({}, use) => {
    const ui = await startScriptedUi()
    await use(ui)
    await ui.stop()
  },
})

async function screenshots(page: Page, name: string): Promise<void> {
  await screenshotsAtBothSizes(page, `council-${name}`)
}

async function expectNoOrdinaryControls(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Run turn' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Advance/ })).toHaveCount(0)
  await expect(page.getByText('Votes this phase')).toHaveCount(0)
  await expect(page.getByText(/No consensus yet/)).toHaveCount(0)
}

const headerStatus = (page: Page): Locator =>
  page
    .locator('[data-status]')
    .filter({ has: page.locator('.mantine-Badge-label') })
    .first()

const QUESTION = 'Should the importer move to its own service'

test('start a council from the app, watch it stream, cancel, resume and read its stages', async ({
  page,
  councilApp: ui,
  appProblems,
}) => {
  test.setTimeout(150_000)
  await page.setViewportSize(SIZES[1])
  await page.goto(ui.url)
  await page.getByRole('button', { name: 'New discussion' }).click()
  const dialog = page.getByRole('dialog', { name: 'New discussion' })
  await dialog.getByRole('combobox', { name: 'Template' }).click()
  await page.getByRole('option', { name: /council/i }).click()
  await dialog.getByLabel('Question').pressSequentially(QUESTION)
  await typeInto(dialog.getByLabel('Rounds'), '2')
  await dialog.getByLabel('Anonymized peer ranking before the referee').check()
  await expect(dialog.getByTestId('council-calls')).toHaveText('10 model calls')
  await dialog.getByRole('button', { name: 'Start council' }).click()
  await expect(page.getByTestId('discussion-title')).toHaveText(QUESTION)

  const view = page.getByTestId('council-view')
  // The members' text arrives while they write (the answers wait at the gate): signed as their
  // comments will be, never as an internal id.
  const round1 = view.getByRole('tab', { name: /Round 1/ })
  await expect(round1).toHaveAttribute('aria-selected', 'true')
  const streams = view.getByTestId('council-stream')
  await expect(streams).toHaveCount(3)
  await expect(streams.first()).toContainText('on the council in round 1: keep the')
  await expect(view.getByTestId('council-member')).toHaveText([
    'AI-Pragmatist',
    'AI-Visionary',
    'AI-Skeptic',
  ])
  await expect(page.getByTestId('participants')).toContainText('AI-Visionary')
  await expect(page.getByText(/ai-(visionary|skeptic|referee)/)).toHaveCount(0)
  // The text, not the answer's JSON wrapper.
  await expect(streams.first()).not.toContainText('{"comment"')
  // The header agrees with the view while it runs.
  await expect(view).toHaveAttribute('data-status', 'RUNNING')
  await expect(headerStatus(page)).toHaveAttribute('data-status', 'RUNNING')
  await expectNoOrdinaryControls(page)
  await screenshots(page, 'streaming')

  await view.getByTestId('council-cancel').click()
  await expect(view.getByText(/Cancelled; the answers that arrived are saved/)).toBeVisible()
  await expect(headerStatus(page)).toHaveAttribute('data-status', 'OPEN')
  await ui.release('council-go')
  await view.getByTestId('council-resume').click()
  await page.getByTestId('council-resume-start').click()

  // Finished: the synthesis first, with every stage's figures.
  const synthesis = view.getByTestId('council-synthesis')
  await expect(synthesis).toContainText('Synthesis by AI-Referee', { timeout: 60_000 })
  await expect(view.getByRole('tab', { name: /Synthesis/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(headerStatus(page)).toHaveAttribute('data-status', 'COMPLETE')
  const usage = view.getByTestId('council-usage')
  await expect(usage.locator('[data-stage="synthesis"]')).toContainText('1 call')
  await expect(usage.locator('[data-stage="round 1"]')).toContainText('3 calls')
  await expect(usage.locator('[data-stage="total"]')).toContainText('10 calls')
  // Times are recorded per call: every stage has one (not the dash of an untimed file).
  for (const stage of ['round 1', 'round 2', 'ranking', 'synthesis', 'total'])
    await expect(usage.locator(`[data-stage="${stage}"] td`).last()).toHaveText(/\d+(\.\d)? m?s/)
  await screenshots(page, 'synthesis')

  // Each round: every member's answer in full.
  await view.getByRole('tab', { name: /Round 2/ }).click()
  const answers = view.getByTestId('council-call')
  await expect(answers).toHaveCount(3)
  for (const answer of await answers.all())
    await expect(answer).toHaveAttribute('data-state', 'done')
  await expect(answers.first()).toContainText(
    'on the council in round 2: keep the importer in the monolith for now, measure its load for a month, then decide.',
  )
  await expect(view.getByTestId('council-stage-usage')).toContainText('3 calls')
  await screenshots(page, 'round')

  // The ranking: each ranker's raw ballot, names revealed, beside the aggregate's three-way tie.
  await view.getByRole('tab', { name: /Ranking/ }).click()
  const ballots = view.getByTestId('council-ballots')
  await expect(ballots.locator('tbody tr')).toHaveCount(3)
  await expect(ballots.locator('[data-ranker="AI-Pragmatist"]')).toContainText('A = AI-Visionary')
  await expect(ballots.locator('[data-ranker="AI-Pragmatist"]')).toContainText('B = AI-Skeptic')
  const standings = view.getByTestId('council-standings').locator('tbody tr')
  await expect(standings).toHaveCount(3)
  for (const row of await standings.all()) {
    await expect(row).toHaveAttribute('data-place', '1')
    await expect(row).toContainText('tie')
  }
  await expectNoOrdinaryControls(page)
  await screenshots(page, 'ranking')

  const text = await readFile(join(ui.root, 'discussions', await councilFile(ui, 1)), 'utf8')
  expect(text).toContain('(tie): 1 point')
  expect(text).toMatch(/"durationMs":\d+/)
  expect(appProblems.errors).toEqual([])
})

/** The name of the `n`th council file in the folder (1-based), in the order they sort. */
async function councilFile(ui: ScriptedUi, n: number): Promise<string> {
  const files = (await readdir(join(ui.root, 'discussions'))).filter((f) =>
    f.startsWith('council-'),
  )
  return files.sort()[n - 1] ?? ''
}

test('Ask again writes a new council beside the first, with settings changed, and opens it', async ({
  page,
  councilApp: ui,
  appProblems,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize(SIZES[0])
  await ui.release() // nobody waits at the gate
  await page.goto(ui.url)
  await page.getByRole('button', { name: 'New discussion' }).click()
  const dialog = page.getByRole('dialog', { name: 'New discussion' })
  await dialog.getByRole('combobox', { name: 'Template' }).click()
  await page.getByRole('option', { name: /council/i }).click()
  await dialog.getByLabel('Question').pressSequentially('Pick a queue')
  await dialog.getByRole('button', { name: 'Start council' }).click()
  const view = page.getByTestId('council-view')
  await expect(view.getByTestId('council-synthesis')).toContainText('Synthesis by AI-Referee', {
    timeout: 60_000,
  })
  const first = await councilFile(ui, 1)

  // The panel resizes from the keyboard, within bounds that leave the thread its room.
  await expectKeyboardResize(page, view, 'council')
  await expect(page.getByTestId('comment-list')).toBeVisible()

  await view.getByRole('button', { name: 'Ask again' }).click()
  const again = page.getByRole('dialog', { name: 'Ask the council again' })
  await expect(again.getByLabel('Question')).toHaveValue('Pick a queue')
  await expect(again.getByLabel('Rounds')).toHaveValue('1')
  // The dialog's controls fit at 1024x700: no segment, select or label cut short.
  await expect(again.getByText('D and P groups + Meta-Arbiter')).toBeVisible()
  const cut = await again.evaluate((dialogBox) => {
    const edge = dialogBox.getBoundingClientRect().right
    return [
      ...dialogBox.querySelectorAll<HTMLElement>(
        '.mantine-SegmentedControl-label, .mantine-Select-input, .mantine-InputWrapper-label',
      ),
    ]
      .filter((el) => {
        const value = el instanceof HTMLInputElement ? el.value : (el.textContent ?? '')
        const wide =
          el instanceof HTMLInputElement
            ? el.scrollWidth > el.clientWidth + 1
            : el.getBoundingClientRect().right > edge ||
              el.scrollWidth > el.clientWidth + 1 ||
              (el.parentElement !== null &&
                el.getBoundingClientRect().right >
                  el.parentElement.getBoundingClientRect().right + 1)
        return wide && value !== ''
      })
      .map((el) => (el instanceof HTMLInputElement ? el.value : el.textContent))
  })
  expect(cut).toEqual([])
  await again.getByText('D and P groups + Meta-Arbiter').click()
  await expect(again.getByTestId('council-calls')).toHaveText('5 model calls')
  await again.getByText('Advisors + Referee').click()
  await screenshots(page, 'ask-again')
  const question = again.getByLabel('Question')
  await clearField(question)
  // A blank question is refused in words under the field (the form rules), not by the browser.
  await question.pressSequentially('   ')
  await again.getByRole('button', { name: 'Ask again' }).click()
  await expect(
    again.getByText('The question is empty. Type a few words; spaces alone do not count.'),
  ).toBeVisible()
  await clearField(question)
  await question.pressSequentially('Pick a queue, for the next two years')
  await typeInto(again.getByLabel('Rounds'), '2')
  await again.getByRole('button', { name: 'Ask again' }).click()

  await expect(page.getByTestId('discussion-title')).toHaveText(
    'Pick a queue, for the next two years',
  )
  await expect(view.getByTestId('council-synthesis')).toContainText('Synthesis by AI-Referee', {
    timeout: 60_000,
  })
  const files = (await readdir(join(ui.root, 'discussions'))).filter((f) =>
    f.startsWith('council-'),
  )
  expect(files).toHaveLength(2)
  expect(files).toContain(first)
  const second = files.find((f) => f !== first) ?? ''
  const text = await readFile(join(ui.root, 'discussions', second), 'utf8')
  expect(text).toContain('<!-- Council-Rounds: 2 -->')
  expect(text).toContain('Pick a queue, for the next two years')
  // The first council is as it was.
  expect(await readFile(join(ui.root, 'discussions', first), 'utf8')).toContain(
    '<!-- Council-Rounds: 1 -->',
  )
  expect(appProblems.errors).toEqual([])
})
