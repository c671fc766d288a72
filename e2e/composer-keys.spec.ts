/**
 * Ctrl+Enter adds the comment from anywhere in the composer: with the vote just picked and the
 * focus still on the vote control, and from the name field, not only from the text box.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, test } from './support/fixtures.js'
import { SIZES } from './support/layout.js'
import { reviewShot } from './support/review-shots.js'

const FILE = 'add-user-authentication.md'

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size })

    test('Ctrl+Enter adds the comment with the focus on the vote control or the name', async ({
      page,
      ui,
      problems,
    }) => {
      await page.goto('/')
      await page.getByRole('link', { name: 'Open Add User Authentication' }).click()
      await expect(page.locator('[data-comment-index="0"]')).toBeVisible()

      await page.keyboard.press('c')
      const dialog = page.getByRole('dialog', { name: 'Add a comment' })
      const said = `Ship it at ${size.width}: the session store is settled.`
      await dialog.getByLabel('Comment').pressSequentially(said)
      // The vote is picked with the keyboard, and the focus stays on it.
      await dialog.getByRole('radio', { name: 'No vote' }).focus()
      await page.keyboard.press('ArrowRight')
      await expect(dialog.getByRole('radio', { name: 'READY' })).toBeChecked()
      await expect(dialog.getByRole('radio', { name: 'READY' })).toBeFocused()
      await reviewShot(page, 'composer-vote-focused')
      await page.keyboard.press('Control+Enter')
      await expect(dialog).toBeHidden()
      await expect
        .poll(async () => readFile(join(ui.folder, FILE), 'utf8'))
        .toMatch(new RegExp(`${said.replace(/[.:]/g, '\\$&')}\\s+VOTE: READY`))

      // From the name field as well.
      await page.keyboard.press('c')
      const again = `One more note at ${size.width}, signed and sent from the name field.`
      await dialog.getByLabel('Comment').pressSequentially(again)
      const name = dialog.getByLabel('Signed as')
      await name.focus()
      await name.press('End')
      await page.keyboard.press('Control+Enter')
      await expect(dialog).toBeHidden()
      await expect.poll(async () => readFile(join(ui.folder, FILE), 'utf8')).toContain(again)
      expect(problems.errors).toEqual([])
    })
  })
}
