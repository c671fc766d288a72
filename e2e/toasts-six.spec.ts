/**
 * Toasts are placed clear of content: a toast about the discussion sits over the side panel,
 * never over the thread (where it covered the last card's vote).
 */
import { expect, test } from './support/fixtures.js'
import { SIZES } from './support/layout.js'
import { reviewShot, useScheme } from './support/review-shots.js'

for (const scheme of ['light', 'dark'] as const)
  for (const size of SIZES) {
    test.describe(`at ${size.width}x${size.height}, ${scheme}`, () => {
      test.use({ viewport: size })

      test('the toast after adding a comment leaves the thread uncovered', async ({ page }) => {
        await useScheme(page, scheme)
        await page.goto('/')
        await page
          .getByRole('link', { name: 'Open Code Review: Payment Retry with Exponential Backoff' })
          .click()
        await expect(page.locator('[data-comment-index="0"]')).toBeVisible()
        await page.keyboard.press('c')
        const dialog = page.getByRole('dialog', { name: 'Add a comment' })
        await dialog.getByLabel('Comment').pressSequentially(`Toast check at ${size.width}.`)
        await page.keyboard.press('Control+Enter')
        await expect(dialog).toBeHidden()
        const toast = page.locator('.mantine-Notification-root').first()
        await expect(toast).toContainText('Comment added')
        const [list, note] = await Promise.all([
          page.getByTestId('comment-list').boundingBox(),
          toast.boundingBox(),
        ])
        expect(note!.x).toBeGreaterThanOrEqual(list!.x + list!.width)
        await reviewShot(page, 'six-toast-clear', scheme)
      })
    })
  }
