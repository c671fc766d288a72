// The screenshots in docs/screenshots/ (1280x800, light and dark). Run on demand:
//   SCREENSHOTS=1 npx playwright test e2e/screenshots.spec.ts
import { join } from 'node:path'

import { expect, test } from './support/fixtures.js'
import { ROOT } from './support/ui-server.js'
import { typeInto } from './support/person.js'

const OUT = join(ROOT, 'docs', 'screenshots')

for (const scheme of ['light', 'dark'] as const) {
  test(`screenshots, ${scheme}`, async ({ page }) => {
    test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write docs/screenshots/')
    await page.addInitScript(
      (value) => localStorage.setItem('mantine-color-scheme-value', value),
      scheme,
    )
    await page.goto('/')
    await expect(page.getByTestId('discussion-table').locator('tbody tr')).toHaveCount(4)
    await page.mouse.move(0, 799)
    await page.screenshot({ path: join(OUT, `browser-${scheme}.png`) })

    await page.getByRole('button', { name: 'New discussion' }).click()
    const dialog = page.getByRole('dialog', { name: 'New discussion' })
    await typeInto(dialog.getByLabel('Title'), 'Rate limiting for the public API')
    await typeInto(
      dialog.getByLabel('Context'),
      'Each API key needs its own limits before the partner launch.',
    )
    await expect(dialog.getByText('architect', { exact: true })).toBeVisible()
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(OUT, `new-discussion-${scheme}.png`) })
    await page.keyboard.press('Escape')

    await page.getByRole('link', { name: 'Open Add User Authentication' }).click()
    await expect(page.locator('[data-comment-index="0"]')).toBeVisible()
    await page.mouse.move(640, 400)
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(OUT, `discussion-${scheme}.png`) })
  })
}
