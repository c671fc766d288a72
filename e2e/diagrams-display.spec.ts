// How diagrams are shown: the composer's Preview draws them, the panel has thumbnails and whole
// file names, the viewer steps through them and opens one to edit, and Mermaid errors read whole.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { diagramFolder } from './support/diagrams-fixture.js'
import { expect, testWithUi } from './support/fixtures.js'
import { expectNothingClipped, SIZES } from './support/layout.js'
import { startUi } from './support/ui-server.js'

const BAD_MERMAID = `flowchart TD
  A[Start] --> B
  B -- -> C{{broken
`

const LONG_NAMES = `<!-- DISCUSSION -->
<!-- Title: Long Diagram Names -->
<!-- Phase: initial_feedback -->
<!-- Status: OPEN -->
<!-- Template: feature -->
<!-- Participants: visualizer -->

# Long Diagram Names

---

Name: AI-Visualizer

Two drafts whose names differ only at the end, and one Mermaid diagram that does not parse.

DIAGRAM: diagrams/very-long-folder-name-for-the-architecture-drafts/request-flow-version-one.puml
DIAGRAM: diagrams/very-long-folder-name-for-the-architecture-drafts/request-flow-version-two.puml
DIAGRAM: diagrams/bad.mmd

---
`

const test = testWithUi(async () => {
  const folder = await diagramFolder()
  const drafts = join(folder, 'diagrams', 'very-long-folder-name-for-the-architecture-drafts')
  await mkdir(drafts)
  const flow = (label: string) => `@startuml\nAlice -> Bob : ${label}\n@enduml\n`
  await writeFile(join(drafts, 'request-flow-version-one.puml'), flow('one'))
  await writeFile(join(drafts, 'request-flow-version-two.puml'), flow('two'))
  await writeFile(join(folder, 'diagrams', 'bad.mmd'), BAD_MERMAID)
  await writeFile(join(folder, 'long-diagram-names.md'), LONG_NAMES)
  return startUi(folder)
})

async function open(page: Page, title: string): Promise<void> {
  await page.goto('/')
  await page.getByRole('link', { name: `Open ${title}` }).click()
  await expect(page.getByTestId('discussion-title')).toHaveText(title)
}

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size })

    test("the composer's Preview shows the diagram a DIAGRAM: line names", async ({ page }) => {
      await open(page, 'Diagram Review')
      await page.getByRole('button', { name: 'Comment', exact: true }).click()
      const composer = page.getByRole('dialog', { name: /comment/i })
      const box = composer.getByLabel('Comment')
      await box.click()
      await box.pressSequentially('The flow as I read it:\n\nDIAGRAM: diagrams/flow.puml')
      await expect(box).toHaveValue('The flow as I read it:\n\nDIAGRAM: diagrams/flow.puml')
      await composer.getByRole('tab', { name: 'Preview' }).click()
      const preview = composer.getByTestId('composer-preview')
      const picture = preview.getByTestId('diagram-thumbnail')
      await expect(picture).toBeVisible({ timeout: 30_000 })
      await expect(picture.locator('img')).toHaveJSProperty('complete', true)
      expect(
        await picture.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0)
      await expect(preview.getByTestId('diagram-name')).toContainText('flow.puml')
      await expectNothingClipped(page)
    })

    test('the panel shows thumbnails and whole file names; the viewer steps and edits', async ({
      page,
    }) => {
      await open(page, 'Long Diagram Names')
      await page.getByRole('button', { name: 'Diagrams', exact: true }).click()
      const panel = page.getByRole('dialog', { name: 'Diagrams' })
      const entries = panel.getByTestId('diagram-entry')
      await expect(entries).toHaveCount(3)
      const thumbs = panel.getByTestId('panel-thumbnail')
      await expect(thumbs.nth(0)).toHaveAttribute('data-state', 'ready', { timeout: 30_000 })
      await expect(thumbs.nth(1)).toHaveAttribute('data-state', 'ready', { timeout: 30_000 })
      await expect(thumbs.nth(2)).toHaveAttribute('data-state', 'failed', { timeout: 30_000 })
      // The part of the name that tells the two drafts apart is shown whole.
      for (const [index, name] of [
        [0, 'request-flow-version-one.puml'],
        [1, 'request-flow-version-two.puml'],
      ] as const) {
        const file = entries.nth(index).getByTestId('diagram-name').locator('span').last()
        await expect(file).toHaveText(name)
        expect(await file.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true)
        await expect(file).toBeInViewport({ ratio: 1 })
      }

      // The viewer: previous / next through the discussion's diagrams, with the arrow keys too.
      await thumbs.nth(0).click()
      const viewer = page.getByRole('dialog', { name: /request-flow-version-one/ })
      await expect(viewer.getByTestId('diagram-position')).toHaveText('1 of 3')
      await expect(viewer.getByRole('button', { name: 'Previous' })).toBeDisabled()
      await viewer.getByRole('button', { name: 'Next' }).click()
      const second = page.getByRole('dialog', { name: /request-flow-version-two/ })
      await expect(second.getByTestId('diagram-position')).toHaveText('2 of 3')
      await page.keyboard.press('ArrowRight')
      const third = page.getByRole('dialog', { name: /bad\.mmd/ })
      await expect(third.getByTestId('diagram-position')).toHaveText('3 of 3')
      // A Mermaid error is shown whole: where, and what was expected.
      const message = third.getByTestId('diagram-error-message')
      await expect(message).toContainText('Parse error on line', { timeout: 30_000 })
      await expect(message).toContainText(/Expecting|got/)
      await page.keyboard.press('ArrowLeft')
      await expect(second.getByTestId('diagram-position')).toHaveText('2 of 3')
      await expectNothingClipped(page)

      // Edit from the viewer opens the source editor on that diagram.
      await second.getByRole('button', { name: 'Edit source' }).click()
      const editor = page.getByRole('dialog', { name: /request-flow-version-two/ })
      await expect(editor.getByRole('textbox').first()).toHaveValue(/Alice -> Bob : two/)
    })
  })
}
