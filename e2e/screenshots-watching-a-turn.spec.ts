// Watching a turn and the composer's diagram preview, in docs/screenshots/ at 1400x900 and
// 1024x700: a live turn, a just-finished turn scrolled to its last answer, a scrolled-up thread
// with the New answers pill, and the composer's Preview drawing a diagram. Run on demand:
//   SCREENSHOTS=1 npx playwright test e2e/screenshots-watching-a-turn.spec.ts
import { cp } from 'node:fs/promises'
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { expectFullyInList, expectNothingClipped, SIZES } from './support/layout.js'
import { expect, openDiscussion, test } from './support/scripted-ui.js'
import { ROOT } from './support/ui-server.js'

const OUT = join(ROOT, 'docs', 'screenshots')

async function picture(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, page.viewportSize()?.height ?? 0)
  await page.waitForTimeout(300) // let fades and the last scroll settle
  await page.screenshot({ path: join(OUT, name) })
}

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size })

    test('screenshots of watching a turn', async ({ page, app }) => {
      test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write docs/screenshots/')
      test.setTimeout(150_000)
      await openDiscussion(page, app, 'Add User Authentication')
      await app.release('architect') // one answer done, one still streaming, one failed
      await page.keyboard.press('t')
      const dialog = page.getByRole('dialog', { name: 'Run turn' })
      await dialog.getByRole('button', { name: 'All participants' }).click()
      await dialog
        .getByLabel('Callout')
        .pressSequentially('Is the plan safe for existing sessions?')
      await dialog.getByRole('button', { name: 'Start turn (3)' }).click()
      const list = page.getByTestId('comment-list')
      const card = (alias: string) =>
        list.locator(`[data-testid="pending-answer"][data-participant="${alias}"]`)
      await expect(card('security')).toHaveAttribute('data-state', 'streaming')
      await expect(card('pragmatist')).toHaveAttribute('data-state', 'failed')
      await expect(list.getByText('Scripted answer from AI-Architect.')).toBeVisible()
      await expectNothingClipped(page)
      await picture(page, `turn-live-${size.width}.png`)

      // Scrolled up to read while answers arrive: the pill says there is more below.
      await list.hover()
      await page.mouse.wheel(0, -1200)
      await page.waitForTimeout(300)
      await app.release()
      await expect(page.getByTestId('new-answers')).toBeVisible()
      await picture(page, `new-answers-pill-${size.width}.png`)

      // Back at the end: the finished turn, its last answer wholly in view.
      await page.getByTestId('new-answers').click()
      const last = list
        .locator('[data-comment-index]')
        .filter({ hasText: 'Scripted answer from AI-Security.' })
      // At the end: the turn's line wholly in view, the last answer above it (wholly, where the
      // window is tall enough to hold it with the failed card between them).
      await expectFullyInList(page, page.getByTestId('turn-summary'))
      if (size.height >= 900) await expectFullyInList(page, last)
      else await expect(last).toBeInViewport()
      await expect(page.getByTestId('turn-headline')).toContainText('Turn finished')
      await expectNothingClipped(page)
      await picture(page, `turn-finished-${size.width}.png`)
    })

    test("screenshot of the composer's diagram preview", async ({ page, app }) => {
      test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write docs/screenshots/')
      await cp(join(ROOT, 'examples', 'diagrams'), join(app.folder, 'diagrams'), {
        recursive: true,
      })
      await openDiscussion(page, app, 'ADR: Public API Redesign Behind a Gateway')
      await page.getByRole('button', { name: 'Comment', exact: true }).click()
      const composer = page.getByRole('dialog', { name: /comment/i })
      const box = composer.getByLabel('Comment')
      await box.click()
      await box.pressSequentially(
        'The gateway picture, with the v1 bypass marked:\n\nDIAGRAM: diagrams/api-gateway.puml',
      )
      await composer.getByRole('tab', { name: 'Preview' }).click()
      const thumbnail = composer.getByTestId('composer-preview').getByTestId('diagram-thumbnail')
      await expect(thumbnail).toBeVisible({ timeout: 30_000 })
      await expectNothingClipped(page)
      await picture(page, `composer-diagram-preview-${size.width}.png`)
    })
  })
}
