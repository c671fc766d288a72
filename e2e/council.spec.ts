// The council in the app, on the offline demo provider: started from the new-discussion dialog,
// its stages live, the synthesis and the ranking shown above the comments. With SCREENSHOTS=1 it
// also writes docs/screenshots/council-{light,dark}.png.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, test } from './support/fixtures.js'
import { typeInto } from './support/person.js'
import { ROOT } from './support/ui-server.js'

const OUT = join(ROOT, 'docs', 'screenshots')

for (const scheme of ['light', 'dark'] as const) {
  test(`start a council from the new-discussion dialog and read its synthesis (${scheme})`, async ({
    page,
    ui,
    problems,
  }) => {
    test.skip(scheme === 'dark' && !process.env.SCREENSHOTS, 'the dark run only takes a picture')
    await page.addInitScript(
      (value) => localStorage.setItem('mantine-color-scheme-value', value),
      scheme,
    )
    await page.goto('/')
    await page.getByRole('button', { name: 'New discussion' }).click()
    const dialog = page.getByRole('dialog', { name: 'New discussion' })
    await dialog.getByRole('combobox', { name: 'Template' }).click()
    await page.getByRole('option', { name: /council/i }).click()
    await expect(dialog.getByTestId('council-fields')).toBeVisible()
    await dialog
      .getByLabel('Question')
      .pressSequentially(`Should we move the importer to its own service? ${scheme}`)
    await typeInto(dialog.getByLabel('Rounds'), '2')
    await dialog.getByLabel('Anonymized peer ranking before the referee').check()
    await expect(dialog.getByTestId('council-calls')).toHaveText('10 model calls')
    await dialog.getByRole('button', { name: 'Start council' }).click()

    const view = page.getByTestId('council-view')
    await expect(view).toBeVisible()
    await expect(view.getByTestId('council-synthesis')).toContainText('Synthesis by AI-Referee', {
      timeout: 30_000,
    })
    await expect(view.getByTestId('council-usage')).toContainText('10 calls')
    await view.getByRole('tab', { name: /Round 1/ }).click()
    await expect(view.locator('[data-label="council-r1-skeptic"]')).toHaveAttribute(
      'data-state',
      'done',
    )
    await view.getByRole('tab', { name: /Ranking/ }).click()
    await expect(view.getByTestId('council-standings').locator('tbody tr')).toHaveCount(3)
    await expect(view.locator('[data-label="council-rank-visionary"]')).toHaveAttribute(
      'data-state',
      'done',
    )
    await expect(page.getByTestId('comment-list').getByText('AI-Skeptic').first()).toBeVisible()

    const files = await readdir(ui.folder)
    const name = files.find(
      (file) => file.startsWith('council-should-we-move') && file.includes(scheme),
    )
    const text = await readFile(join(ui.folder, name ?? ''), 'utf8')
    expect(text).toContain('<!-- Council-Rank: yes -->')
    expect(text).toContain('<!-- Status: COMPLETE -->')

    if (process.env.SCREENSHOTS) {
      await page.mouse.move(0, 799)
      await page.waitForTimeout(300) // let fades settle for the picture
      await page.screenshot({ path: join(OUT, `council-${scheme}.png`) })
    }
    expect(problems.errors).toEqual([])
    expect(problems.cspViolations).toEqual([])
  })
}
