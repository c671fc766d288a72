// Restores and notices, and the words the app uses: a phase change an older copy undid is made
// again and said so; toasts name phases as the template does, close when the person leaves the
// discussion and never cover a dialog's buttons; statuses have their own colours; the Run turn
// dialog shows the provider this discussion's last turn used.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Locator, Page } from '@playwright/test'

import { expectNothingClipped, SIZES } from './support/layout.js'
import { AUTH_FILE, expect, openDiscussion, test } from './support/scripted-ui.js'

/** The element a click at the centre of `target` would reach is `target` (or inside it). */
async function reachable(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox()
  if (!box) return false
  const handle = await target.elementHandle()
  return page.evaluate(
    ({ x, y, element }) => {
      const hit = document.elementFromPoint(x, y)
      return hit !== null && element !== null && (hit === element || element.contains(hit))
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2, element: handle },
  )
}

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size })

    test('a phase change an older copy undid is restored and said so; toasts under dialogs, closed on leaving', async ({
      page,
      app,
    }) => {
      const path = join(app.folder, AUTH_FILE)
      const old = await readFile(path, 'utf8') // an editor opened the file before the change
      await openDiscussion(page, app, 'Add User Authentication')
      await page.getByRole('button', { name: 'Advance' }).click()
      const advance = page.getByRole('dialog', { name: 'Advance the phase' })
      await advance.getByRole('button', { name: 'Advance' }).click()
      // The toast names phases as the template does, not by their ids.
      const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Phase advanced' })
      await expect(toast).toContainText('Moved from Detailed Review to Consensus Vote')
      await expect(toast).not.toContainText('detailed_review')
      expect(await readFile(path, 'utf8')).toContain('<!-- Phase: consensus_vote -->')

      // The toast is still up when a dialog opens: the dialog's buttons stay reachable.
      await page.getByRole('button', { name: 'Run turn' }).click()
      const dialog = page.getByRole('dialog', { name: 'Run turn' })
      const start = dialog.getByRole('button', { name: /Start turn/ })
      await expect(start).toBeVisible()
      // The dialog settles once its estimate arrives (it grows by the table): measured after.
      await expect(dialog.getByTestId('estimate')).toBeVisible()
      await expect(toast).toBeVisible()
      expect(await reachable(page, start)).toBe(true)
      expect(await reachable(page, dialog.getByRole('button', { name: 'Cancel' }))).toBe(true)
      await dialog.getByRole('button', { name: 'Cancel' }).click()

      // The editor saves its old buffer over the change, with a note of the person's own.
      await writeFile(path, `${old}\nName: Rob\n\nA note typed in the editor.\n\n---\n`)
      const notice = page
        .locator('.mantine-Notification-root')
        .filter({ hasText: 'Lost phase change' })
      await expect(notice).toContainText(
        'The phase change from detailed review to consensus vote was made again.',
      )
      const text = await readFile(path, 'utf8')
      expect(text).toContain('<!-- Phase: consensus_vote -->')
      expect(text).toContain('A note typed in the editor.')
      expect(text.indexOf('A note typed in the editor.')).toBeLessThan(
        text.lastIndexOf('PHASE-TRANSITION: detailed_review -> consensus_vote'),
      )
      // The app shows the restored phase as current.
      await expect(page.locator('[aria-current="step"]')).toContainText('Consensus Vote')

      // Leaving the discussion closes its toasts.
      await page.getByRole('button', { name: 'Back to the discussions' }).click()
      await expect(page.locator('.mantine-Notification-root')).toHaveCount(0)
    })

    test('statuses have their own colours; the provider the last turn used is shown', async ({
      page,
      app,
    }) => {
      const escalated = (await readFile(join(app.folder, AUTH_FILE), 'utf8'))
        .replace('<!-- Title: Add User Authentication -->', '<!-- Title: Escalated Rollout -->')
        .replace('<!-- Status: OPEN -->', '<!-- Status: ESCALATED -->')
      await writeFile(join(app.folder, 'escalated.md'), escalated)
      await page.goto(app.url)
      const dot = (title: string) =>
        page
          .locator(`[data-discussion="${title}"] .mantine-Badge-root`)
          .first()
          .evaluate((badge) => getComputedStyle(badge, '::before').backgroundColor)
      const [open, escalatedDot] = [
        await dot('Add User Authentication'),
        await dot('Escalated Rollout'),
      ]
      expect(open).not.toBe(escalatedDot)
      await expect(page.locator('[data-discussion="Escalated Rollout"]')).toContainText('ESCALATED')
      await expectNothingClipped(page)

      // A turn started with one provider: the next Run turn shows that provider again.
      await page.getByRole('link', { name: 'Open Add User Authentication' }).click()
      await expect(page.getByTestId('discussion-title')).toHaveText('Add User Authentication')
      await app.release()
      await page.keyboard.press('t')
      const dialog = page.getByRole('dialog', { name: 'Run turn' })
      await dialog.getByRole('button', { name: 'None' }).click()
      await dialog.getByText('@architect', { exact: true }).click()
      await dialog.getByLabel('Provider', { exact: true }).click()
      await page.getByRole('option', { name: 'scripted only' }).click()
      await dialog.getByRole('button', { name: 'Start turn (1)' }).click()
      await expect(page.getByTestId('turn-headline')).toContainText('Turn finished')
      await page.keyboard.press('t')
      await expect(dialog.getByLabel('Provider', { exact: true })).toHaveValue('scripted only')
      await expect(dialog).toContainText("Remembered from this discussion's last turn: scripted.")
      await expectNothingClipped(page)
    })
  })
}
