/**
 * Errors in words: the New discussion form says what is wrong under the field, with a counter
 * and the limit on it; empty and all-blank input get one message (never the browser's bubble);
 * messages show no command-line backticks; the browser mode offers only what it can open.
 */
import { axeFindings, blocking } from './support/axe.js'
import { expect, test } from './support/fixtures.js'
import { layoutFindings, SIZES } from './support/layout.js'
import { clearField } from './support/person.js'
import { reviewShot, useScheme } from './support/review-shots.js'

const BLANK = 'The title is empty. Type a few words; spaces alone do not count.'

for (const scheme of ['light', 'dark'] as const)
  for (const size of SIZES) {
    test.describe(`at ${size.width}x${size.height}, ${scheme}`, () => {
      test.use({ viewport: size })

      test('the title says what is wrong under it, in words, with its limit', async ({
        page,
        problems,
      }) => {
        await useScheme(page, scheme)
        await page.goto('/')
        await page.getByRole('button', { name: 'New discussion' }).click()
        const dialog = page.getByRole('dialog', { name: 'New discussion' })
        const title = dialog.getByRole('textbox', { name: 'Title' })
        await expect(title).toBeFocused()
        // No `required` attribute: an empty field never gets the browser's own bubble.
        await expect(title).not.toHaveAttribute('required')
        const counter = dialog.getByTestId('field-counter').first()
        await expect(counter).toHaveText('0 / 200')

        // Empty, then spaces typed key by key: the same message, under the field.
        await dialog.getByRole('button', { name: 'Create discussion' }).click()
        await expect(dialog.getByText(BLANK)).toBeVisible()
        await expect(title).toHaveAttribute('aria-invalid', 'true')
        await title.pressSequentially('   ')
        await page.keyboard.press('Enter')
        await expect(dialog.getByText(BLANK)).toHaveCount(1)
        await expect(page.locator('.mantine-Notification-root')).toHaveCount(0)
        await reviewShot(page, 'six-errors-blank-title', scheme)

        // Typed, the message goes; the counter counts every key.
        await clearField(title)
        await title.pressSequentially('Rate limits')
        await expect(dialog.getByText(BLANK)).toHaveCount(0)
        await expect(counter).toHaveText('11 / 200')

        // A pasted 10,000 characters stays whole; the message under the field says by how much.
        await page.keyboard.insertText('x'.repeat(10_000))
        await expect(counter).toHaveText('10,011 / 200')
        const over = dialog.getByText(
          'The title is 10,011 characters; the limit is 200. Shorten it by 9,811.',
        )
        await expect(over).toBeVisible()
        expect((await title.inputValue()).length).toBe(10_011)
        await dialog.getByRole('button', { name: 'Create discussion' }).click()
        await expect(over).toBeVisible()
        await expect(page.locator('.mantine-Notification-root')).toHaveCount(0)
        // The message sits under its own field: below the input, above the Template field.
        const [input, message, template] = await Promise.all([
          title.boundingBox(),
          over.boundingBox(),
          dialog.getByRole('combobox', { name: 'Template' }).boundingBox(),
        ])
        expect(message!.y).toBeGreaterThan(input!.y + input!.height - 1)
        expect(message!.y + message!.height).toBeLessThan(template!.y)
        await reviewShot(page, 'six-errors-title-too-long', scheme)
        expect(await layoutFindings(page, '[role="dialog"]')).toEqual([])
        expect(blocking(await axeFindings(page, '[role="dialog"]'))).toEqual([])

        // Back under the limit, the discussion is created.
        await clearField(title)
        await title.pressSequentially('Rate limits for the API')
        await dialog.getByRole('button', { name: 'Create discussion' }).click()
        await expect(page.getByTestId('discussion-title')).toHaveText('Rate limits for the API')
        expect(problems.errors).toEqual([])
      })

      test('the browser mode offers only the folders it can open, in words', async ({ page }) => {
        await useScheme(page, scheme)
        await page.goto('/')
        await expect(page.getByRole('button', { name: 'Open folder…' })).toHaveCount(0)
        await page.getByRole('button', { name: 'Open a subfolder…' }).click()
        const path = page.getByRole('textbox', { name: 'Folder path' })
        await expect(path).toBeFocused()
        await expect(page.getByText(/A folder inside one the server was started on/)).toBeVisible()
        await path.pressSequentially('/etc')
        await page.keyboard.press('Enter')
        const toast = page.locator('.mantine-Notification-root')
        await expect(toast).toContainText('Folder not opened')
        await expect(toast).not.toContainText('`')
        await page.mouse.move(size.width - 1, size.height / 2) // no hover tint on the button
        await reviewShot(page, 'six-errors-open-subfolder', scheme)
        expect(blocking(await axeFindings(page))).toEqual([])
      })
    })
  }
