/**
 * Room to read at 1024x700: the header folds to one line with its phase steps and participant
 * chips behind a disclosure, the demo notice can be dismissed for the session, and an open
 * council panel never leaves the thread less than 40 % of the window.
 */
import { expectKeyboardResize } from './support/resizable-panel.js'
import { expect, test } from './support/fixtures.js'
import { expectNothingClipped, SIZES } from './support/layout.js'
import { reviewShot, useScheme } from './support/review-shots.js'

const SHORT = SIZES[0]

for (const scheme of ['light', 'dark'] as const)
  for (const size of SIZES) {
    const short = size.height === SHORT.height
    test.describe(`at ${size.width}x${size.height}, ${scheme}`, () => {
      test.use({ viewport: size })

      test('the header leaves the thread its room; the demo notice goes for the session', async ({
        page,
        context,
        problems,
      }) => {
        await useScheme(page, scheme)
        await page.goto('/')
        await page.getByRole('link', { name: 'Open Add User Authentication' }).click()
        const banner = page.getByTestId('demo-banner')
        await expect(banner).toBeVisible()
        await expect(page.locator('[data-comment-index="0"]')).toBeVisible()
        const phases = page.getByTestId('phases')
        const toggle = page.getByTestId('header-details-toggle')
        await reviewShot(page, 'room-header', scheme)
        if (short) {
          // One line: title, status, the disclosure and the actions; the steps and chips hidden.
          await expect(phases).toBeHidden()
          await expect(page.getByTestId('participants')).toBeHidden()
          await expect(toggle).toHaveAttribute('aria-expanded', 'false')
          await expect(toggle).toHaveText('Detailed Review')
          await toggle.click()
          await expect(toggle).toHaveAttribute('aria-expanded', 'true')
          await expect(phases.locator('[aria-current="step"]')).toContainText('Detailed Review')
          await expect(page.getByTestId('participants')).toContainText('AI-Security')
          await reviewShot(page, 'room-header-open', scheme)
          await expectNothingClipped(page)
          await toggle.press('Enter')
          await expect(phases).toBeHidden()
        } else {
          await expect(toggle).toHaveCount(0)
          await expect(phases).toBeVisible()
          await expect(page.getByTestId('participants')).toBeVisible()
        }

        await banner
          .getByRole('button', { name: 'Dismiss the demo notice for this session' })
          .click()
        await expect(banner).toHaveCount(0)
        const list = await page.getByTestId('comment-list').boundingBox()
        // Where the thread starts: the app bar, the header and nothing else above it.
        test.info().annotations.push({ type: 'thread-top', description: String(list?.y) })
        if (short) expect(list?.y ?? 999).toBeLessThan(130)
        await reviewShot(page, 'room-banner-dismissed', scheme)
        await expectNothingClipped(page)
        // The same tab keeps the dismissal over a reload; another session shows the notice.
        await page.reload()
        await expect(page.locator('[data-comment-index="0"]')).toBeVisible()
        await expect(banner).toHaveCount(0)
        const other = await context.newPage()
        await other.goto(page.url())
        await expect(other.getByTestId('demo-banner')).toBeVisible()
        await other.close()
        expect(problems.errors).toEqual([])
      })

      test('an open council panel leaves the thread at least 40 % of the window', async ({
        page,
        problems,
      }) => {
        await useScheme(page, scheme)
        await page.goto('/')
        await page.getByRole('button', { name: 'New discussion' }).click()
        const dialog = page.getByRole('dialog', { name: 'New discussion' })
        await dialog.getByRole('combobox', { name: 'Template' }).click()
        await page.getByRole('option', { name: /council/i }).click()
        await dialog
          .getByLabel('Question')
          .pressSequentially(`Room for the thread at ${size.width} ${scheme}?`)
        await dialog.getByRole('button', { name: 'Start council' }).click()
        const view = page.getByTestId('council-view')
        await expect(view.getByTestId('council-synthesis')).toContainText(
          'Synthesis by AI-Referee',
          {
            timeout: 30_000,
          },
        )
        await expectKeyboardResize(page, view, 'council')
        await page.keyboard.press('End')
        const thread = await page.getByTestId('comment-list').boundingBox()
        expect((thread?.height ?? 0) + 1).toBeGreaterThanOrEqual(Math.ceil(size.height * 0.4))
        await reviewShot(page, 'room-council-tallest', scheme)
        await expectNothingClipped(page)
        expect(problems.errors).toEqual([])
      })
    })
  }
