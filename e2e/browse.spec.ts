import { expect, test } from './support/fixtures.js'
import { clearField, typeInto } from './support/person.js'

test('browse, filter, search and open a discussion', async ({ page, problems }) => {
  await page.goto('/')
  const table = page.getByTestId('discussion-table')
  await expect(table.locator('tbody tr')).toHaveCount(4)
  await expect(page.getByRole('link', { name: 'Open Add User Authentication' })).toBeVisible()

  await typeInto(page.getByLabel('Search discussions'), 'payment')
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await clearField(page.getByLabel('Search discussions'))
  await expect(table.locator('tbody tr')).toHaveCount(4)

  await page.getByRole('link', { name: 'Open Add User Authentication' }).click()
  await expect(page.getByTestId('discussion-title')).toHaveText('Add User Authentication')
  await expect(page.locator('[data-comment-index="0"]')).toBeVisible()
  expect(problems.errors).toEqual([])
  expect(problems.cspViolations).toEqual([])
})

test('filter by status', async ({ page }) => {
  await page.goto('/')
  const rows = page.getByTestId('discussion-table').locator('tbody tr')
  await expect(rows).toHaveCount(4)
  await page.getByLabel('Filter by status').getByText('PROPOSED').click()
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('ADR: Public API Redesign')
  await page.getByLabel('Filter by status').getByText('All').click()
  await expect(rows).toHaveCount(4)
})

test('the side panel shows votes, consensus and markers, and jumps to comments', async ({
  page,
  problems,
}) => {
  await page.goto('/')
  await page.getByRole('link', { name: 'Open Add User Authentication' }).click()
  const panel = page.getByTestId('side-panel')
  await expect(panel.getByTestId('votes-READY')).toHaveText('2')
  await expect(panel.getByTestId('votes-CHANGES')).toHaveText('1')
  // Detailed Review does not vote: its verdict says so by the phase's name, never "reached".
  await expect(panel.getByTestId('consensus')).toHaveText(
    'No vote in this phase (Detailed Review); the votes so far (2 of 3 READY) decide nothing here.',
  )
  await expect(page.getByTestId('participants')).toContainText('AI-Security')
  await expect(
    page.locator('[data-participant="AI-Security"] [data-vote], [data-participant="AI-Security"]'),
  ).toContainText('CHANGES')
  await expect(page.getByTestId('phases').locator('[data-current]')).toContainText(
    'Detailed Review',
  )
  const questions = panel.getByTestId('items-open-questions')
  await expect(questions.getByRole('button')).toHaveCount(2)
  await expect(panel.getByTestId('items-decisions').getByRole('button')).not.toHaveCount(0)

  // A marker in a comment is highlighted; a panel item jumps to (and outlines) its comment.
  await expect(page.locator('.od-marker-question').first()).toBeVisible()
  // Newest questions first: the first item is the latest question, asked beside the audit trail.
  await questions.getByRole('button').first().click()
  const active = page.locator('[data-comment-index][data-active]')
  await expect(active).toBeVisible()
  await expect(active).toContainText('audit trail')
  expect(problems.errors).toEqual([])
  expect(problems.cspViolations).toEqual([])
})

test('find in discussion (Ctrl+F) finds comments the virtual list has not drawn', async ({
  page,
}) => {
  await page.goto('/')
  await page.getByRole('link', { name: 'Open Add User Authentication' }).click()
  await expect(page.locator('[data-comment-index="0"]')).toBeVisible()
  await page.keyboard.press('Control+f')
  const input = page.getByRole('textbox', { name: 'Find in discussion' })
  await expect(input).toBeFocused()
  await typeInto(input, 'audit')
  await expect(page.getByRole('search')).toContainText(/1 of \d+/)
  await input.press('Enter')
  await expect(page.getByRole('search')).toContainText(/2 of \d+/)
  // The match is scrolled to below the find bar: its author line is not covered.
  const active = page.locator('[data-comment-index][data-active]')
  await expect(active).toBeVisible()
  await expect
    .poll(async () => {
      const bar = await page.getByRole('search').boundingBox()
      const card = await active.boundingBox()
      return bar && card ? card.y - (bar.y + bar.height) : null
    })
    .toBeGreaterThanOrEqual(0)
  await input.press('Escape')
  await expect(page.getByRole('search')).toHaveCount(0)
})

test('theme toggle is remembered, and ? shows the shortcuts', async ({ page }) => {
  await page.goto('/')
  const html = page.locator('html')
  const before = await html.getAttribute('data-mantine-color-scheme')
  await page.getByTestId('theme-toggle').click()
  const after = before === 'dark' ? 'light' : 'dark'
  await expect(html).toHaveAttribute('data-mantine-color-scheme', after)
  await page.reload()
  await expect(html).toHaveAttribute('data-mantine-color-scheme', after)
  await page.keyboard.press('Shift+?')
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
