import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expectFullyInList, expectNothingClipped, SIZES } from './support/layout.js'
import { AUTH_FILE, expect, openDiscussion, test } from './support/scripted-ui.js'

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size })

    test('a turn streams into pending cards at the end of the thread; a failed one is retried', async ({
      page,
      app,
      appProblems,
    }) => {
      await openDiscussion(page, app, 'Add User Authentication')
      await page.keyboard.press('t')
      const dialog = page.getByRole('dialog', { name: 'Run turn' })
      await expect(dialog.getByTestId('turn-participants')).toBeVisible()
      await dialog.getByRole('button', { name: 'All participants' }).click()
      await dialog.getByLabel('Callout').pressSequentially('Is the rollout plan safe?')
      await dialog.getByRole('button', { name: 'Start turn (3)' }).click()
      await expect(dialog).toBeHidden()

      // Held at the gate halfway: each answer streams where it will land, nothing is saved yet.
      const list = page.getByTestId('comment-list')
      const card = (alias: string) =>
        list.locator(`[data-testid="pending-answer"][data-participant="${alias}"]`)
      await expect(card('architect')).toHaveAttribute('data-state', 'streaming')
      await expect(card('architect').getByTestId('turn-stream')).toContainText(
        'Scripted answer from AI-Architect.',
      )
      await expect(card('architect').getByTestId('turn-state')).toHaveText('answering')
      await expect(card('security')).toHaveAttribute('data-state', 'streaming')
      await expect(card('pragmatist')).toHaveAttribute('data-state', 'failed')
      await expect(card('pragmatist').getByTestId('turn-reason')).toContainText('quota exceeded')
      await expect(page.getByTestId('turn-summary')).toContainText('Turn in progress')
      await expect(page.getByRole('button', { name: 'Cancel turn' })).toBeVisible()
      // No floating panel covers the comments any more.
      await expect(page.getByTestId('turn-progress')).toHaveCount(0)
      expect(await readFile(join(app.folder, AUTH_FILE), 'utf8')).not.toContain('Scripted answer')
      // Following the end: the summary line (the last item) and the last card are in view.
      await expectFullyInList(page, page.getByTestId('turn-summary'))
      await expectFullyInList(page, card('pragmatist'))
      await expectNothingClipped(page)

      await app.release()
      // Each card becomes its saved comment, which carries the turn's figures.
      const saved = list
        .locator('[data-comment-index]')
        .filter({ hasText: 'Scripted answer from AI-Security.' })
      await expect(saved).toBeVisible()
      await expect(saved.getByTestId('turn-usage')).toContainText('scripted')
      await expect(saved.getByTestId('turn-usage')).toContainText('in ·')
      await expect(saved.locator('[data-vote]')).toHaveText('CHANGES')
      await expect(card('security')).toHaveCount(0)
      // The answer is rendered markdown: its Q: line is a highlighted marker, not raw text.
      await expect(saved.getByText('Who reviews the rollout?')).toBeVisible()
      await expect(page.getByTestId('turn-headline')).toContainText('Turn finished')
      // The failure stays findable after the turn.
      await expect(page.getByTestId('turn-failures')).toContainText(
        /@pragmatist \(.*quota exceeded\)/,
      )
      await expectFullyInList(page, card('pragmatist'))
      await expect(
        page.getByTestId('participants').locator('[data-participant="AI-Security"]'),
      ).toContainText('CHANGES')
      const text = await readFile(join(app.folder, AUTH_FILE), 'utf8')
      expect(text).toMatch(
        /Name: AI-Architect\n\n(?:<!-- usage: .* -->\n\n)?Scripted answer from AI-Architect\.[\s\S]*VOTE: READY/,
      )
      expect(text).toMatch(
        /Name: AI-Security\n\n(?:<!-- usage: .* -->\n\n)?Scripted answer from AI-Security\.[\s\S]*VOTE: CHANGES/,
      )

      // Retry the one failed persona: asked again alone, with the same callout.
      await app.heal('pragmatist')
      await card('pragmatist').getByRole('button', { name: 'Retry @pragmatist' }).click()
      const retried = list
        .locator('[data-comment-index]')
        .filter({ hasText: 'Scripted answer from AI-Pragmatist.' })
      await expect(retried).toBeVisible()
      await expect(retried.getByTestId('turn-usage')).toContainText('scripted')
      await expect(card('pragmatist')).toHaveCount(0)
      await expect(page.getByTestId('turn-failures')).toHaveCount(0)
      // The earlier answers keep their figures after the retry.
      await expect(saved.getByTestId('turn-usage')).toBeVisible()
      await expectFullyInList(page, retried)
      await expectNothingClipped(page)
      expect(await readFile(join(app.folder, AUTH_FILE), 'utf8')).toMatch(
        /Name: AI-Pragmatist\n\n(?:<!-- usage: .* -->\n\n)?Scripted answer from AI-Pragmatist\./,
      )

      await page.getByRole('button', { name: "Dismiss the turn's summary" }).click()
      await expect(page.getByTestId('turn-summary')).toHaveCount(0)
      await expect(saved.getByTestId('turn-usage')).toHaveCount(0)
      expect(appProblems.errors).toEqual([])
      expect(appProblems.cspViolations).toEqual([])
    })

    test('cancel a running turn: shown as cancelled, nothing half-written is saved', async ({
      page,
      app,
    }) => {
      const before = await readFile(join(app.folder, AUTH_FILE), 'utf8')
      await openDiscussion(page, app, 'Add User Authentication')
      await page.getByRole('button', { name: 'Run turn' }).click()
      const dialog = page.getByRole('dialog', { name: 'Run turn' })
      await dialog.getByRole('button', { name: 'None' }).click()
      await dialog.getByText('@architect', { exact: true }).click()
      await dialog.getByRole('button', { name: 'Start turn (1)' }).click()

      const card = page.locator('[data-testid="pending-answer"][data-participant="architect"]')
      await expect(card).toHaveAttribute('data-state', 'streaming')
      // Leaving the discussion and coming back finds the turn where it is.
      await page.getByRole('button', { name: 'Back to the discussions' }).click()
      await expect(card).toHaveCount(0)
      await page.getByRole('link', { name: 'Open Add User Authentication' }).click()
      await expect(card).toHaveAttribute('data-state', 'streaming')
      await page.getByRole('button', { name: 'Cancel turn' }).click()
      await expect(page.getByTestId('turn-headline')).toContainText('You cancelled the turn')
      await expect(card).toHaveAttribute('data-state', 'cancelled')
      await expect(card.getByTestId('turn-state')).toHaveText('cancelled')
      await expect(card).not.toContainText('failed')
      await expect(page.getByTestId('turn-failures')).toHaveCount(0)
      expect(await readFile(join(app.folder, AUTH_FILE), 'utf8')).toBe(before)
      // Another turn can start at once.
      await expect(page.getByRole('button', { name: 'Run turn' })).toBeEnabled()
    })
  })
}
