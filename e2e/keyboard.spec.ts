// Typing as a person types, and the keyboard alone: single-key shortcuts never fire inside a
// field, Esc closes only the topmost layer, focus lands where the next key is wanted and shows.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { testWithUi } from './support/fixtures.js'
import { typeInto } from './support/person.js'
import { openDiscussion, startScreensUi } from './support/screens.js'

const test = testWithUi(startScreensUi)
const { expect } = test

/** Every single-key shortcut, plus words that used to lose letters to them. */
const TYPED = 'abc dtc xyz @startuml credential rtq? TDCRQ'

/** The focused element shows a focus ring a sighted keyboard user can see. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return 'focus is on the page body'
    const style = getComputedStyle(element)
    const visible =
      element.matches(':focus-visible') &&
      ((style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none')
    return visible ? 'visible' : `no ring on ${element.outerHTML.slice(0, 120)}`
  })
  expect(ring).toBe('visible')
}

test('typing in the comment box, Signed as and Find never fires a shortcut', async ({ page }) => {
  await openDiscussion(page, 'Add User Authentication')
  await page.keyboard.press('c')
  const composer = page.getByRole('dialog', { name: 'Add a comment' })
  const comment = composer.getByLabel('Comment')
  await expect(comment).toBeFocused()
  await page.keyboard.type(TYPED)
  await expect(comment).toHaveValue(TYPED)
  await typeInto(composer.getByLabel('Signed as'), 'Dr. Tracy Quest')
  await expect(composer.getByLabel('Signed as')).toHaveValue('Dr. Tracy Quest')
  // Nothing opened behind the composer.
  await expect(page.getByRole('dialog', { name: 'Diagrams' })).toBeHidden()
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden()
  await expect(page.getByRole('dialog', { name: 'Run turn' })).toBeHidden()
  await page.keyboard.press('Escape')
  await expect(composer).toBeHidden()

  // Find: typing there searches, it does not open the composer.
  await page.keyboard.press('ControlOrMeta+f')
  const find = page.getByRole('textbox', { name: 'Find in discussion' })
  await expect(find).toBeFocused()
  await page.keyboard.type('credential tdc')
  await expect(find).toHaveValue('credential tdc')
  await expect(composer).toBeHidden()
  await page.keyboard.press('Escape')
  await expect(find).toBeHidden()

  // The same keys outside a field are the shortcuts.
  await page.keyboard.press('d')
  await expect(page.getByRole('dialog', { name: 'Diagrams' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Diagrams' })).toBeHidden()
  await page.keyboard.press('?')
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.keyboard.press('c')
  await expect(composer).toBeVisible()
  await expect(comment).toHaveValue(TYPED) // the draft was kept
  await comment.press('ControlOrMeta+a')
  await comment.press('Delete')
  await page.keyboard.press('Escape')
})

test('the diagram editor takes every letter; Esc closes it, then the panel', async ({ page }) => {
  await openDiscussion(page, 'Diagram Review')
  await page.keyboard.press('d')
  const panel = page.getByRole('dialog', { name: 'Diagrams' })
  await expect(panel).toBeVisible()
  // The Mermaid diagram: the built-in editor (PlantUML files may go to a configured editor).
  await panel
    .getByTestId('diagram-entry')
    .nth(2)
    .getByRole('button', { name: 'Edit source' })
    .click()
  const editor = page.getByRole('dialog', { name: 'Edit diagrams/states.mmd' })
  const source = editor.getByLabel('Diagram source')
  await expect(source).toHaveValue(/stateDiagram-v2/, { timeout: 30_000 })
  await source.click()
  await source.press('ControlOrMeta+End')
  await page.keyboard.type('\n  %% @startuml dtc, typed')
  await expect(source).toHaveValue(/\n {2}%% @startuml dtc, typed$/)
  await page.keyboard.press('Escape')
  await expect(editor).toBeHidden()
  await expect(panel).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
})

test('the main flow with the keyboard alone, focus visible at each step', async ({ page, ui }) => {
  await page.goto('/')
  // Tab to the discussion's link and open it.
  const link = page.getByRole('link', { name: 'Open Brainstorm: Notification System' })
  for (let i = 0; i < 40 && !(await link.evaluate((a) => a === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(link).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('discussion-title')).toBeFocused()

  // Run a turn: T, then Enter on the focused Start button.
  await page.keyboard.press('t')
  const run = page.getByRole('dialog', { name: 'Run turn' })
  await expect(run.getByRole('button', { name: /^Start turn/ })).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(run).toBeHidden()
  // Focus goes back where it was (the title), not to the page body.
  await expect(page.getByTestId('discussion-title')).toBeFocused()
  const runButton = page.getByRole('button', { name: 'Run turn' })
  await ui.release()
  await expect(page.getByTestId('turn-summary')).toContainText('Turn finished', {
    timeout: 30_000,
  })

  // Comment with a vote: C, type, Tab to the vote, pick READY with the arrows, Ctrl+Enter.
  await runButton.focus()
  await page.keyboard.press('c')
  const composer = page.getByRole('dialog', { name: 'Add a comment' })
  await expect(composer.getByLabel('Comment')).toBeFocused()
  await page.keyboard.type('Keyboard only, and it reads well.')
  await page.keyboard.press('Tab')
  await expectVisibleFocus(page)
  await page.keyboard.press('ArrowRight')
  await expect(composer.getByRole('radio', { name: 'READY' })).toBeChecked()
  await page.keyboard.press('Shift+Tab')
  await expect(composer.getByLabel('Comment')).toBeFocused()
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(composer).toBeHidden()
  await expect(
    page.getByTestId('comment-list').getByText('Keyboard only, and it reads well.'),
  ).toBeVisible()
  const file = join(ui.folder, 'notification-brainstorm.md')
  expect(await readFile(file, 'utf8')).toMatch(
    /Name: Rob\n\nKeyboard only, and it reads well\.\n\nVOTE: READY\n/,
  )

  // Advance: Tab to the button, Enter, and Enter again on the focused Advance.
  const advance = page.getByRole('button', { name: 'Advance' })
  for (let i = 0; i < 10 && !(await advance.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(advance).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Advance the phase' })
  await expect(dialog.getByRole('button', { name: 'Advance' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  expect(await readFile(file, 'utf8')).toContain('<!-- PHASE-TRANSITION:')

  // A diagram: D, Tab to View, Enter; Esc closes the viewer, then the panel.
  await openDiscussion(page, 'Diagram Review')
  await page.keyboard.press('d')
  const panel = page.getByRole('dialog', { name: 'Diagrams' })
  const view = panel.getByRole('button', { name: 'View' }).first()
  await expect(view).toBeEnabled({ timeout: 30_000 })
  for (let i = 0; i < 20 && !(await view.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(view).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('diagram-stage').locator('img')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('diagram-stage')).toBeHidden()
  await expect(panel).toBeVisible()
})

test('one name: the header and the composer show it, a new name is shown everywhere', async ({
  page,
  ui,
}) => {
  await openDiscussion(page, 'Code Review: Payment Retry with Exponential Backoff')
  await expect(page.getByTestId('signed-as')).toHaveText('Signed as Rob')
  await page.getByRole('button', { name: 'Comment', exact: true }).click()
  const composer = page.getByRole('dialog', { name: 'Add a comment' })
  await expect(composer.getByLabel('Signed as')).toHaveValue('Rob')
  await page.keyboard.type('Signed by someone else.')
  await typeInto(composer.getByLabel('Signed as'), 'Alice Example')
  await composer.getByRole('button', { name: 'Add comment' }).click()
  await expect(composer).toBeHidden()
  await expect(page.getByTestId('signed-as')).toHaveText('Signed as Alice Example')
  const text = await readFile(join(ui.folder, 'code-review-payment-retry.md'), 'utf8')
  expect(text).toContain('Name: Alice Example\n\nSigned by someone else.')
})

test('the discussion body reads first, folded when long; marker lines are one block each', async ({
  page,
}) => {
  await openDiscussion(page, 'Add User Authentication')
  const body = page.getByTestId('discussion-body')
  await expect(body).toBeVisible()
  await expect(body.getByRole('heading', { name: 'Context' })).toBeVisible()
  const show = body.getByRole('button', { name: 'Show all' })
  await expect(show).toBeVisible()
  await expect(body.getByText('SOC 2 Type I audit starts in Q1')).not.toBeInViewport()
  await show.click()
  await expect(body.getByText('SOC 2 Type I audit starts in Q1')).toBeInViewport()
  await expect(body.getByRole('button', { name: 'Show less' })).toBeVisible()
  // The body comes before comment #1 in the same scrolling column.
  const bodyBox = await body.boundingBox()
  const firstBox = await page.locator('[data-comment-index="0"]').boundingBox()
  expect(bodyBox && firstBox && bodyBox.y + bodyBox.height <= firstBox.y).toBe(true)

  // Four marker lines typed into the composer are four highlighted lines.
  await page.getByRole('button', { name: 'Comment', exact: true }).click()
  const composer = page.getByRole('dialog', { name: 'Add a comment' })
  await page.keyboard.type(
    'Where we stand:\nQ: who rotates the keys?\nCONCERN: reset mail shares the marketing account.\nTODO: add a retention period for auth_events.\nDECISION: server-side sessions in PostgreSQL.',
  )
  await composer.getByRole('tab', { name: 'Preview' }).click()
  const preview = composer.getByTestId('composer-preview')
  await expect(preview.locator('.od-marker-block')).toHaveCount(4)
  await expect(preview.locator('.od-marker-label')).toHaveText([
    'Q:',
    'CONCERN:',
    'TODO:',
    'DECISION:',
  ])
  await composer.getByRole('button', { name: 'Add comment' }).click()
  const card = page.locator('[data-comment-body]').filter({ hasText: 'Where we stand:' })
  await card.scrollIntoViewIfNeeded()
  await expect(card.locator('.od-marker-block')).toHaveCount(4)
})
