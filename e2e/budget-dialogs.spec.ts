// The budget in the app's run dialogs, on the metered 127.0.0.1 stand-in: Run turn, council and
// debate show the engine's estimate before Start (the one `--estimate` prints), take Max cost and
// Max tokens typed key by key, refuse a dollar cap with an unpriced provider naming it, and a run
// the budget stops says so apart from a failure. Each dialog passes axe with its estimate shown,
// at 1024x700 and 1400x900, light and dark (REVIEW_SHOTS=folder writes the pictures).
import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, test } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'

import { axeFindings, blocking } from './support/axe.js'
import { BUDGET_TITLE, spentIn, startBudgetUi, usageOf } from './support/budget-ui.js'
import type { BudgetUi } from './support/budget-ui.js'
import { clearField, typeInto } from './support/person.js'
import { reviewShot, useScheme } from './support/review-shots.js'
import type { Scheme } from './support/review-shots.js'
import { SIZES } from './support/sized-screenshots.js'

interface PrintedEstimate {
  total: { costUsd: { low: number; expected: number; high: number } | null }
}

let ui: BudgetUi
test.afterEach(async () => {
  await ui.stopAll()
})

async function openRunTurn(page: Page): Promise<Locator> {
  await page.goto(ui.url)
  await page.getByRole('link', { name: `Open ${BUDGET_TITLE}` }).click()
  await expect(page.getByTestId('discussion-title')).toHaveText(BUDGET_TITLE)
  await page.getByRole('button', { name: 'Run turn' }).click()
  const dialog = page.getByRole('dialog', { name: 'Run turn' })
  await dialog.getByRole('button', { name: 'All participants' }).click()
  await expect(dialog.getByTestId('estimate-row')).toHaveCount(3)
  return dialog
}

async function newRun(page: Page, template: RegExp): Promise<Locator> {
  await page.goto(ui.url)
  await page.getByRole('button', { name: 'New discussion' }).click()
  const dialog = page.getByRole('dialog', { name: 'New discussion' })
  await dialog.getByRole('combobox', { name: 'Template' }).click()
  await page.getByRole('option', { name: template }).click()
  return dialog
}

async function checkAtBothSizes(page: Page, dialog: Locator, name: string, scheme: Scheme) {
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await dialog.getByTestId('estimate').scrollIntoViewIfNeeded()
    await expect(dialog.getByTestId('estimate')).toBeVisible()
    await expect(dialog.locator('[data-pending]')).toHaveCount(0)
    expect(blocking(await axeFindings(page, '[role="dialog"]'))).toEqual([])
    await reviewShot(page, `budget-${name}`, scheme)
  }
}

for (const scheme of ['light', 'dark'] as const) {
  test(`each run dialog shows the estimate and passes axe at both sizes (${scheme})`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    ui = await startBudgetUi(['budget:', '  max_cost_per_run: 0.05'])
    await useScheme(page, scheme)
    const turn = await openRunTurn(page)
    await expect(turn.getByRole('textbox', { name: 'Max cost (USD)' })).toHaveValue('0.05')
    await checkAtBothSizes(page, turn, 'turn', scheme)
    await page.keyboard.press('Escape')

    const council = await newRun(page, /council/i)
    await council.getByLabel('Question').pressSequentially('Should the importer be a service')
    await expect(council.getByTestId('estimate-row')).toHaveCount(4)
    await checkAtBothSizes(page, council, 'council', scheme)

    await council.getByRole('combobox', { name: 'Template' }).click()
    await page.getByRole('option', { name: /debate/i }).click()
    await expect(council.getByTestId('estimate-row').first()).toBeVisible()
    await checkAtBothSizes(page, council, 'debate', scheme)
    expect(ui.meter.requests).toHaveLength(0) // estimating asks nobody
  })
}

test('a turn started from the dialog spends what its estimate said, within 10%', async ({
  page,
}) => {
  ui = await startBudgetUi()
  const printed = JSON.parse(
    ui.run('turn', ui.file, '@all', '--estimate', '--json'),
  ) as PrintedEstimate
  const expected = printed.total.costUsd?.expected ?? 0
  const dialog = await openRunTurn(page)
  const shown = await dialog.getByTestId('estimate-total').textContent()
  // The dialog shows the CLI's figures: its expected cost, as `--estimate` rounds it.
  expect(shown).toContain(`$${expected.toFixed(4)}`)
  await typeInto(dialog.getByRole('textbox', { name: 'Max cost (USD)' }), '0.50')
  await expect(dialog.getByTestId('estimate-caps')).toHaveText('Cap in force: $0.5000.')
  await dialog.getByRole('button', { name: /Start turn/ }).click()
  await expect(page.getByTestId('turn-headline')).toContainText('Turn finished', {
    timeout: 30_000,
  })
  expect(ui.meter.requests).toHaveLength(3)
  const spent = spentIn(ui, ui.file)
  console.log(`turn: estimate expected $${expected.toFixed(6)}, spent $${spent.toFixed(6)}`)
  expect(Math.abs(expected - spent) / spent).toBeLessThan(0.1)
})

test('a dollar cap with the unpriced provider is refused in the dialog, naming it', async ({
  page,
}) => {
  ui = await startBudgetUi()
  const dialog = await openRunTurn(page)
  await dialog.getByLabel('Provider', { exact: true }).click()
  await page.getByRole('option', { name: 'unpriced only' }).click()
  await expect(dialog.getByTestId('estimate-row').first()).toContainText('unknown (no prices)')
  await expect(dialog.getByTestId('estimate-total')).toContainText('unknown (no prices)')
  await typeInto(dialog.getByRole('textbox', { name: 'Max cost (USD)' }), '0.25')
  const refusal = dialog.getByTestId('budget-refusal')
  await expect(refusal).toContainText('"unpriced" has no prices in providers.yaml')
  await dialog.getByRole('button', { name: /Start turn/ }).click()
  await expect(dialog).toBeVisible()
  expect(ui.meter.requests).toHaveLength(0)

  // Tokens can be capped without prices.
  await clearField(dialog.getByRole('textbox', { name: 'Max cost (USD)' }))
  await typeInto(dialog.getByRole('textbox', { name: 'Max tokens' }), '100000')
  await expect(refusal).toHaveCount(0)
  await dialog.getByRole('button', { name: /Start turn/ }).click()
  await expect(page.getByTestId('turn-headline')).toContainText('Turn finished', {
    timeout: 30_000,
  })
  expect(ui.meter.requests).toHaveLength(3)
})

test('a value that does not read is said under its field, and Start waits', async ({ page }) => {
  ui = await startBudgetUi()
  const dialog = await openRunTurn(page)
  await typeInto(dialog.getByRole('textbox', { name: 'Max cost (USD)' }), 'ten')
  await dialog.getByRole('button', { name: /Start turn/ }).click()
  await expect(dialog.getByText('"ten" is not an amount in USD (for example 0.50).')).toBeVisible()
  await typeInto(dialog.getByRole('textbox', { name: 'Max cost (USD)' }), '1')
  await typeInto(dialog.getByRole('textbox', { name: 'Max tokens' }), '1e9x')
  await dialog.getByRole('button', { name: /Start turn/ }).click()
  await expect(
    dialog.getByText('"1e9x" is not a whole number of tokens (for example 20000).'),
  ).toBeVisible()
  await expect(dialog.getByText(/is not an amount in USD/)).toHaveCount(0)
  expect(ui.meter.requests).toHaveLength(0)
})

test('a token cap below one call stops the turn with its own outcome and the file unchanged', async ({
  page,
}) => {
  ui = await startBudgetUi()
  const before = await readFile(ui.file, 'utf8')
  const dialog = await openRunTurn(page)
  await typeInto(dialog.getByRole('textbox', { name: 'Max tokens' }), '100')
  await expect(dialog.getByTestId('estimate-caps')).toContainText('100 tokens')
  await dialog.getByRole('button', { name: /Start turn/ }).click()
  const headline = page.getByTestId('turn-headline')
  await expect(headline).toContainText('The budget stopped the turn: 0 answers kept.', {
    timeout: 30_000,
  })
  await expect(headline).toContainText('Skipped: @')
  await expect(headline).toContainText('higher Max cost or Max tokens')
  await expect(page.getByTestId('turn-summary')).not.toHaveAttribute('data-problem')
  expect(ui.meter.requests).toHaveLength(0)
  expect(await readFile(ui.file, 'utf8')).toBe(before)
})

/** The status badge of the discussion's header (RUNNING, COMPLETE ...). */
const headerStatus = (page: Page): Locator =>
  page
    .locator('[data-status]')
    .filter({ has: page.locator('.mantine-Badge-label') })
    .first()

/** The expected figure of the dialog's total line (`cost $low / $expected / $high`). */
async function expectedShown(dialog: Locator): Promise<number> {
  const total = (await dialog.getByTestId('estimate-total').textContent()) ?? ''
  const match = /cost \$([\d.]+) \/ \$([\d.]+) \/ \$([\d.]+)/.exec(total)
  return Number(match?.[2])
}

async function newFileOf(page: Page): Promise<string> {
  await expect(page.getByTestId('discussion-title')).toBeVisible()
  const listed = await readdir(join(ui.file, '..'))
  const made = listed.find((name) => name.endsWith('.md') && join(ui.file, '..', name) !== ui.file)
  return join(ui.file, '..', made ?? '')
}

test('a council and a debate started from the dialog spend what their estimates said', async ({
  page,
}) => {
  test.setTimeout(150_000)
  ui = await startBudgetUi()
  const council = await newRun(page, /council/i)
  await council.getByLabel('Question').pressSequentially('Should the importer be a service')
  await expect(council.getByTestId('estimate-row')).toHaveCount(4)
  await typeInto(council.getByRole('textbox', { name: 'Max cost (USD)' }), '1')
  await expect(council.getByTestId('estimate-caps')).toHaveText('Cap in force: $1.0000.')
  const councilExpected = await expectedShown(council)
  await council.getByRole('button', { name: 'Start council' }).click()
  await expect(headerStatus(page)).toHaveAttribute('data-status', 'COMPLETE', {
    timeout: 60_000,
  })
  const councilFile = await newFileOf(page)
  const councilSpent = usageOf(ui, councilFile) ?? 0
  console.log(
    `council: estimate expected $${councilExpected}, spent $${councilSpent.toFixed(6)} (${ui.meter.requests.length} requests)`,
  )
  // The CLI's estimate of the same council is the figure the dialog showed (one estimator).
  const printed = JSON.parse(
    ui.run('council', 'Should the importer be a service', '--estimate', '--json'),
  ) as PrintedEstimate
  expect(`$${(printed.total.costUsd?.expected ?? 0).toFixed(4)}`).toBe(`$${councilExpected}`)
  expect(Math.abs(councilExpected - councilSpent) / councilSpent).toBeLessThan(0.1)
  await rm(councilFile)

  const requests = ui.meter.requests.length
  const debate = await newRun(page, /debate/i)
  await debate.getByLabel('What should the debate decide?').pressSequentially('Cache the orders?')
  // One round, as the CLI's debate estimate test runs it: the stand-in's ballots approve every
  // proposal, so no single one wins and the debate goes to the person after its last round.
  await typeInto(debate.getByLabel('Rounds before you decide'), '1')
  await expect(debate.getByTestId('estimate-row')).toHaveCount(12)
  await typeInto(debate.getByRole('textbox', { name: 'Max cost (USD)' }), '2')
  await expect(debate.getByTestId('estimate-caps')).toContainText('Cap in force: $2.0000.')
  await expect(debate.locator('[data-pending]')).toHaveCount(0)
  const debateExpected = await expectedShown(debate)
  await debate.getByRole('button', { name: 'Start debate' }).click()
  await expect(page.getByTestId('debate-status')).toHaveText(/CONSENSUS|ESCALATED/, {
    timeout: 90_000,
  })
  const debateFile = await newFileOf(page)
  const debateSpent = usageOf(ui, debateFile) ?? 0
  console.log(
    `debate: estimate expected $${debateExpected}, spent $${debateSpent.toFixed(6)} (${ui.meter.requests.length - requests} requests)`,
  )
  expect(Math.abs(debateExpected - debateSpent) / debateSpent).toBeLessThan(0.1)
})

for (const scheme of ['light', 'dark'] as const) {
  test(`the header shows the spend and warns at warn_at, on one line at 1024x700 (${scheme})`, async ({
    page,
  }) => {
    ui = await startBudgetUi(['budget:', '  max_cost_per_discussion: 0.04', '  warn_at: 0.5'])
    await useScheme(page, scheme)
    await page.setViewportSize(SIZES[0])
    const dialog = await openRunTurn(page)
    const spend = page.getByTestId('header-spend').first()
    await expect(page.getByTestId('header-spend')).toHaveCount(0) // nothing spent yet
    await expect(dialog.getByTestId('estimate-caps')).toHaveText('Cap in force: $0.0400.')
    await dialog.getByRole('button', { name: /Start turn/ }).click()
    await expect(page.getByTestId('turn-headline')).toContainText('Turn finished', {
      timeout: 30_000,
    })
    const spent = spentIn(ui, ui.file)
    const percent = Math.round((spent / 0.04) * 100)
    // Short on the one-line header; the whole sentence on hover and for a screen reader.
    await expect(spend.locator('[aria-hidden]')).toHaveText(`${percent}% of budget`)
    await expect(spend).toHaveAttribute(
      'title',
      new RegExp(
        `^Spent \\$${spent.toFixed(4)} \\(.* in / .* out\\) · this turn \\$${spent.toFixed(4)} · ${percent}% of the \\$0\\.0400 budget$`,
      ),
    )
    await expect(spend).toHaveAttribute('data-warning', 'true')
    // One line: the spend sits on the title's row, and the thread starts right under it.
    const title = await page.getByTestId('discussion-title').boundingBox()
    const figures = await spend.boundingBox()
    expect(
      Math.abs(
        (title?.y ?? 0) +
          (title?.height ?? 0) / 2 -
          ((figures?.y ?? 0) + (figures?.height ?? 0) / 2),
      ),
    ).toBeLessThan(6)
    expect((await page.getByTestId('comment-list').boundingBox())?.y ?? 999).toBeLessThan(130)
    expect(blocking(await axeFindings(page, '[data-testid="header-spend"]'))).toEqual([])
    await reviewShot(page, 'budget-header', scheme)

    await page.setViewportSize(SIZES[1])
    await expect(spend).toContainText(`Spent $${spent.toFixed(4)} (`)
    await expect(spend).toContainText(' in / ')
    await expect(spend).toContainText(`${percent}% of the $0.0400 budget`)
    await reviewShot(page, 'budget-header', scheme)
  })
}

test('a council the budget stops records the skipped call and Resume finishes it', async ({
  page,
}) => {
  test.setTimeout(120_000)
  ui = await startBudgetUi()
  const question = 'Should the importer be a service'
  const printed = JSON.parse(ui.run('council', question, '--estimate', '--json')) as {
    calls: { costUsd: { high: number } | null }[]
  }
  // Room for the three advisors' worst cases, not for the referee's after them.
  const advisors = printed.calls
    .slice(0, 3)
    .reduce((sum, call) => sum + (call.costUsd?.high ?? 0), 0)
  const council = await newRun(page, /council/i)
  await council.getByLabel('Question').pressSequentially(question)
  await typeInto(
    council.getByRole('textbox', { name: 'Max cost (USD)' }),
    (advisors * 1.05).toFixed(6),
  )
  await expect(council.getByTestId('estimate-caps')).toContainText('The worst case is above it')
  await council.getByRole('button', { name: 'Start council' }).click()
  // The stand-in answers at once: the run may end before the view follows it, so the words of
  // its end (budget-stop-live.test.ts) are not awaited here; the file and the requests are.
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByText(/not asked: budget: its worst case/)).toBeVisible()
  expect(ui.meter.requests).toHaveLength(3)
  const file = await newFileOf(page)
  expect((await readFile(file, 'utf8')).match(/^<!-- skipped: \{.*\} -->$/gm)).toHaveLength(1)
  await reviewShot(page, 'budget-council-stopped')

  // Resume asks for a new budget over the estimate of only the call left: the referee's.
  const left = JSON.parse(ui.run('council', 'resume', file, '--estimate', '--json')) as {
    calls: unknown[]
    total: { costUsd: { high: number } | null }
  }
  expect(left.calls).toHaveLength(1)
  await page.getByRole('button', { name: 'Resume' }).click()
  const resume = page.getByRole('dialog', { name: 'Resume the council' })
  await expect(resume.getByTestId('estimate-row')).toHaveCount(1)
  // The caps typed are the ones in force for the estimate, as on the CLI.
  await typeInto(resume.getByRole('textbox', { name: 'Max tokens' }), '100000')
  await expect(resume.getByTestId('estimate-caps')).toContainText('100,000 tokens')
  await clearField(resume.getByRole('textbox', { name: 'Max tokens' }))
  await typeInto(
    resume.getByRole('textbox', { name: 'Max cost (USD)' }),
    ((left.total.costUsd?.high ?? 1) * 1.05).toFixed(6),
  )
  expect(blocking(await axeFindings(page, '[role="dialog"]'))).toEqual([])
  await reviewShot(page, 'budget-council-resume')
  await resume.getByRole('button', { name: 'Resume council' }).click()
  await expect(headerStatus(page)).toHaveAttribute('data-status', 'COMPLETE', {
    timeout: 60_000,
  })
  expect(ui.meter.requests).toHaveLength(4)
})
