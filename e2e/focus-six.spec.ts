/**
 * Focus comes back after a dialog closes without a heavy box on the page title: the title may
 * hold the focus (a screen reader starts there) but draws no focus ring; the buttons keep theirs.
 */
import { expect, test } from './support/fixtures.js'
import { SIZES } from './support/layout.js'
import { reviewShot, useScheme } from './support/review-shots.js'

for (const scheme of ['light', 'dark'] as const)
  for (const size of SIZES) {
    test.describe(`at ${size.width}x${size.height}, ${scheme}`, () => {
      test.use({ viewport: size })

      test('no focus box on the title after a dialog closes', async ({ page }) => {
        await useScheme(page, scheme)
        await page.goto('/')
        await page.getByRole('link', { name: 'Open Add User Authentication' }).click()
        const title = page.getByTestId('discussion-title')
        await expect(title).toBeVisible()
        for (const key of ['c', '?']) {
          await page.keyboard.press(key)
          await expect(page.getByRole('dialog')).toBeVisible()
          await page.keyboard.press('Escape')
          await expect(page.getByRole('dialog')).toHaveCount(0)
          // Wherever the focus went back to, the title shows no ring.
          const outline = await title.evaluate((element) => {
            const style = getComputedStyle(element)
            return style.outlineStyle === 'none' || style.outlineWidth === '0px'
          })
          expect(outline).toBe(true)
        }
        await reviewShot(page, 'six-focus-after-dialog', scheme)
        // A button still shows its ring when reached with the keyboard.
        await page.keyboard.press('Tab')
        const ring = await page.evaluate(() => {
          const element = document.activeElement
          return element ? getComputedStyle(element).outlineStyle : 'none'
        })
        expect(ring).not.toBe('none')
      })
    })
  }
