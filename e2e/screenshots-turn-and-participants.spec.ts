// Screenshots in docs/screenshots/ (1400x900, light and dark): a turn in progress and the
// participants manager. Run on demand:
//   SCREENSHOTS=1 npx playwright test e2e/screenshots-turn-and-participants.spec.ts
import { join } from 'node:path'

import { expect, openDiscussion, test } from './support/scripted-ui.js'
import { ROOT } from './support/ui-server.js'

const OUT = join(ROOT, 'docs', 'screenshots')

test.use({ viewport: { width: 1400, height: 900 } })

for (const scheme of ['light', 'dark'] as const) {
  test(`screenshots of a turn and the participants, ${scheme}`, async ({ page, app }) => {
    test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write docs/screenshots/')
    await page.addInitScript(
      (value) => localStorage.setItem('mantine-color-scheme-value', value),
      scheme,
    )
    await openDiscussion(page, app, 'Add User Authentication')
    await app.release('architect') // one answer done, one still streaming, one failed
    await page.keyboard.press('t')
    const dialog = page.getByRole('dialog', { name: 'Run turn' })
    await dialog.getByRole('button', { name: 'All participants' }).click()
    await dialog.getByLabel('Callout').pressSequentially('Is the plan safe for existing sessions?')
    await page.mouse.move(0, 899)
    await page.screenshot({ path: join(OUT, `run-turn-dialog-${scheme}.png`) })
    await dialog.getByRole('button', { name: 'Start turn (3)' }).click()
    const card = (alias: string) =>
      page.locator(`[data-testid="pending-answer"][data-participant="${alias}"]`)
    await expect(card('security')).toHaveAttribute('data-state', 'streaming')
    await expect(card('pragmatist')).toHaveAttribute('data-state', 'failed')
    await expect(
      page.getByTestId('comment-list').getByText('Scripted answer from AI-Architect.'),
    ).toBeVisible()
    await page.mouse.move(700, 300)
    await page.waitForTimeout(300) // let the scroll and fades settle for the picture
    await page.screenshot({ path: join(OUT, `turn-in-progress-${scheme}.png`) })
    await app.release()
    await expect(page.getByTestId('turn-headline')).toContainText('Turn finished')
    await page.getByRole('button', { name: "Dismiss the turn's summary" }).click()

    await page.getByRole('button', { name: 'Participants' }).click()
    const manager = page.getByRole('dialog', { name: 'Participants' })
    await manager.getByRole('button', { name: 'Persona security' }).click()
    await expect(manager.getByLabel('Name', { exact: true })).toHaveValue('AI-Security')
    await page.mouse.move(0, 899)
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(OUT, `participants-${scheme}.png`) })
  })
}
