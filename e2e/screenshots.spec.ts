// The screenshots in docs/screenshots/ (1400x900, light and dark). Run on demand:
//   SCREENSHOTS=1 npx playwright test e2e/screenshots.spec.ts
import { join } from 'node:path'

import { expect, test } from './support/fixtures.js'
import { ROOT } from './support/ui-server.js'

const OUT = join(ROOT, 'docs', 'screenshots')

test.use({ viewport: { width: 1400, height: 900 } })

for (const scheme of ['light', 'dark'] as const) {
  test(`screenshots, ${scheme}`, async ({ page }) => {
    test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write docs/screenshots/')
    await page.addInitScript(
      (value) => localStorage.setItem('mantine-color-scheme-value', value),
      scheme,
    )
    await page.goto('/')
    await expect(page.getByTestId('discussion-table').locator('tbody tr')).toHaveCount(4)
    await page.mouse.move(0, 899)
    await page.screenshot({ path: join(OUT, `browser-${scheme}.png`) })

    await page.getByRole('button', { name: 'New discussion' }).click()
    const dialog = page.getByRole('dialog', { name: 'New discussion' })
    await dialog.getByLabel('Title').pressSequentially('Rate limiting for the public API')
    await dialog
      .getByLabel('Context')
      .pressSequentially('Each API key needs its own limits before the partner launch.')
    await expect(dialog.getByText('architect', { exact: true })).toBeVisible()
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(OUT, `new-discussion-${scheme}.png`) })
    await page.keyboard.press('Escape')

    await page.getByRole('link', { name: 'Open Add User Authentication' }).click()
    await expect(page.locator('[data-comment-index="0"]')).toBeVisible()
    await page.mouse.move(700, 450)
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(OUT, `discussion-${scheme}.png`) })
  })
}
