/**
 * A comfortable measure for reading: at 1400 px a comment's prose runs to about 80 characters a
 * line, not 120, in both schemes; at 1024 px the lines are no longer than that either.
 */
import { axeFindings, blocking } from './support/axe.js'
import { expect, test } from './support/fixtures.js'
import { layoutFindings, SIZES } from './support/layout.js'
import { reviewShot, useScheme } from './support/review-shots.js'

for (const scheme of ['light', 'dark'] as const)
  for (const size of SIZES) {
    test.describe(`at ${size.width}x${size.height}, ${scheme}`, () => {
      test.use({ viewport: size })

      test('prose lines hold about 80 characters', async ({ page }) => {
        await useScheme(page, scheme)
        await page.goto('/')
        await page.getByRole('link', { name: 'Open Add User Authentication' }).click()
        const paragraph = page.locator('[data-comment-body] p').first()
        await expect(paragraph).toBeVisible()
        // The longest line of the longest paragraph in view, in characters of its own font.
        const longest = await page.locator('[data-comment-body] p').evaluateAll((paragraphs) => {
          let most = 0
          for (const p of paragraphs) {
            const range = document.createRange()
            range.selectNodeContents(p)
            const lines = new Map<number, number>()
            const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT)
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent ?? ''
              for (let i = 0; i < text.length; i++) {
                range.setStart(node, i)
                range.setEnd(node, i + 1)
                const top = Math.round(range.getBoundingClientRect().top)
                lines.set(top, (lines.get(top) ?? 0) + 1)
              }
            }
            for (const count of lines.values()) most = Math.max(most, count)
          }
          return most
        })
        expect(longest).toBeGreaterThan(40)
        expect(longest).toBeLessThanOrEqual(95)
        await reviewShot(page, 'six-reading-measure', scheme)
        expect(await layoutFindings(page)).toEqual([])
        expect(blocking(await axeFindings(page, '[data-testid="comment-list"]'))).toEqual([])
      })
    })
  }
