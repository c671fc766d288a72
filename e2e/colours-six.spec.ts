/**
 * One colour table by meaning: a phase that takes no vote says so in grey whatever the tally;
 * the composer's vote control shows the chosen vote in its colour; each vote shows once on a
 * card (the badge, not the `VOTE:` line again); a council's comments are not "earlier phase",
 * and a cancel the person chose is grey, not an alarm.
 */
import type { Locator, Page } from '@playwright/test'

import { axeFindings, blocking } from './support/axe.js'
import { layoutFindings, SIZES } from './support/layout.js'
import { reviewShot, useScheme } from './support/review-shots.js'
import { expect, openDiscussion, startScriptedUi, test } from './support/scripted-ui.js'

/** The background colour of an element as [r, g, b]. */
async function rgb(target: Locator): Promise<number[]> {
  const colour = await target.evaluate((element) => getComputedStyle(element).backgroundColor)
  return (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number)
}

/** Whether [r, g, b] is a grey: its channels within a few steps of each other. */
const isGrey = ([r = 0, g = 0, b = 0]: number[]): boolean =>
  Math.max(r, g, b) - Math.min(r, g, b) <= 16

/** Which channel leads: a green or a red, or neither. */
function dominant([r = 0, g = 0, b = 0]: number[]): 'green' | 'red' | 'other' {
  if (g > r && g > b) return 'green'
  if (r > g && r > b) return 'red'
  return 'other'
}

async function everyVoteOnce(page: Page): Promise<void> {
  const cards = page.locator('[data-comment-index]')
  await expect(cards.first()).toBeVisible()
  let voted = 0
  for (const card of await cards.all()) {
    if ((await card.locator('[data-vote]').count()) === 0) continue
    voted++
    // Code is content (a fenced `VOTE:` is an example, not a vote): the prose around it only.
    const prose = await card.locator('[data-comment-body]').evaluate((body) => {
      const copy = body.cloneNode(true) as HTMLElement
      for (const code of copy.querySelectorAll('pre, code')) code.remove()
      return copy.textContent ?? ''
    })
    expect(prose).not.toMatch(/VOTE:/i)
  }
  expect(voted).toBeGreaterThan(0)
}

for (const scheme of ['light', 'dark'] as const)
  for (const size of SIZES) {
    test.describe(`at ${size.width}x${size.height}, ${scheme}`, () => {
      test.use({ viewport: size })

      test('votes in vote colours, information in grey, each vote once', async ({
        page,
        app,
        appProblems,
      }) => {
        await useScheme(page, scheme)
        // A brainstorm in Converge, which takes no vote, though its comments carry some.
        await openDiscussion(page, app, 'Brainstorm: Notification System')
        const consensus = page.getByTestId('consensus')
        await expect(consensus).toContainText('No vote in this phase')
        await expect(consensus).toHaveAttribute('data-colour', 'gray')
        expect(isGrey(await rgb(consensus))).toBe(true)
        await everyVoteOnce(page)
        await reviewShot(page, 'six-colours-no-vote-phase', scheme)
        expect(blocking(await axeFindings(page, '[data-testid="side-panel"]'))).toEqual([])

        // A phase that votes keeps the vote colours.
        await page.goBack()
        await page
          .getByRole('link', { name: 'Open Code Review: Payment Retry with Exponential Backoff' })
          .click()
        await expect(page.getByTestId('consensus')).not.toHaveAttribute('data-colour', 'gray')
        await everyVoteOnce(page)

        // The composer's vote control: the chosen vote in its own colour, picked by keyboard.
        await page.keyboard.press('c')
        const dialog = page.getByRole('dialog', { name: 'Add a comment' })
        await dialog.getByLabel('Comment').pressSequentially('Colours by meaning.')
        await dialog.getByRole('radio', { name: 'No vote' }).focus()
        const indicator = dialog.locator('.mantine-SegmentedControl-indicator')
        await page.keyboard.press('ArrowRight')
        await expect(dialog.getByRole('radio', { name: 'READY' })).toBeChecked()
        await expect.poll(async () => dominant(await rgb(indicator))).toBe('green')
        await reviewShot(page, 'six-colours-composer-ready', scheme)
        await page.keyboard.press('ArrowRight')
        await page.keyboard.press('ArrowRight')
        await expect(dialog.getByRole('radio', { name: 'REJECT' })).toBeChecked()
        await expect.poll(async () => dominant(await rgb(indicator))).toBe('red')
        expect(await layoutFindings(page, '[role="dialog"]')).toEqual([])
        expect(blocking(await axeFindings(page, '[role="dialog"]'))).toEqual([])
        await page.keyboard.press('Escape')
        expect(appProblems.errors).toEqual([])
      })
    })
  }

test('a council: its comments are not from an earlier phase, and a chosen cancel is grey', async ({
  page,
}) => {
  test.setTimeout(240_000)
  for (const scheme of ['light', 'dark'] as const) {
    // A server of its own each time: the gate, once opened, lets every later answer through.
    const ui = await startScriptedUi()
    try {
      await useScheme(page, scheme)
      await page.setViewportSize(SIZES[scheme === 'light' ? 0 : 1])
      await page.goto(ui.url)
      await page.getByRole('button', { name: 'New discussion' }).click()
      const dialog = page.getByRole('dialog', { name: 'New discussion' })
      await dialog.getByRole('combobox', { name: 'Template' }).click()
      await page.getByRole('option', { name: /council/i }).click()
      const question = `Should the importer move out (${scheme})`
      await dialog.getByLabel('Question').pressSequentially(question)
      await dialog.getByRole('button', { name: 'Start council' }).click()
      await expect(page.getByTestId('discussion-title')).toHaveText(question)
      const view = page.getByTestId('council-view')
      await view.getByTestId('council-cancel').click()
      const ended = view.getByTestId('run-ended')
      await expect(ended).toContainText('Cancelled')
      expect(isGrey(await rgb(ended))).toBe(true)
      await reviewShot(page, 'six-colours-council-cancelled', scheme)
      await ui.release('council-go')
      await view.getByTestId('council-resume').click()
      await page.getByTestId('council-resume-start').click()
      await expect(view.getByTestId('council-synthesis')).toContainText('Synthesis by', {
        timeout: 60_000,
      })
      await expect(page.locator('[data-comment-index]').first()).toBeVisible()
      await expect(page.getByText(/earlier phase/)).toHaveCount(0)
      await reviewShot(page, 'six-colours-council-done', scheme)
    } finally {
      await ui.stop()
    }
  }
})
