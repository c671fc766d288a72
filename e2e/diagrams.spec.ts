// Diagrams in the real UI over the real `discussions ui --web` in Debian's Chromium: PlantUML
// rendered by the real plantuml, Mermaid in the page, every SVG sanitized and shown as an image.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { expect, SVG_PAYLOADS, test, testWithoutDisplay } from './support/diagrams-fixture.js'
import { typeInto } from './support/person.js'

const SHOTS = join(import.meta.dirname, '..', 'docs', 'screenshots')

// The README's pictures are 1400x900, like the others.
test.use({ viewport: { width: 1400, height: 900 } })

/** With SCREENSHOTS=1, retakes the README's pictures; otherwise the tests leave docs/ alone. */
async function picture(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(SHOTS, name) })
}

async function open(page: Page, title: string): Promise<void> {
  await page.goto('/')
  await page.getByRole('link', { name: `Open ${title}` }).click()
  await expect(page.getByTestId('discussion-title')).toHaveText(title)
}

/** The SVG text behind a thumbnail's data: URL, as the browser shows it. */
async function shownSvg(page: Page, index: number): Promise<string> {
  const src = await page
    .getByTestId('diagram-thumbnail')
    .nth(index)
    .locator('img')
    .getAttribute('src')
  expect(src).toMatch(/^data:image\/svg\+xml;base64,/)
  return Buffer.from((src ?? '').split(',')[1] ?? '', 'base64').toString('utf8')
}

test('PlantUML and Mermaid diagrams render as thumbnails; failures show source and error', async ({
  page,
  problems,
}) => {
  await open(page, 'Diagram Review')
  const thumbnails = page.getByTestId('diagram-thumbnail')
  await expect(thumbnails).toHaveCount(3, { timeout: 30_000 })
  await expect(thumbnails.nth(0)).toHaveAttribute('data-kind', 'plantuml')
  await expect(thumbnails.nth(1)).toHaveAttribute('data-kind', 'plantuml')
  await expect(thumbnails.nth(2)).toHaveAttribute('data-kind', 'mermaid')
  expect(await shownSvg(page, 0)).toContain('Web app')
  expect(await shownSvg(page, 1)).toContain('Engine') // a class diagram: graphviz did the layout
  expect(await shownSvg(page, 2)).toContain('Review')
  // Every picture decoded to a real image.
  for (const index of [0, 1, 2]) {
    const width = await thumbnails
      .nth(index)
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.naturalWidth)
    expect(width).toBeGreaterThan(0)
  }

  const errors = page.getByTestId('diagram-error')
  await expect(errors).toHaveCount(3)
  await expect(errors.nth(0)).toContainText('syntax error at line 3')
  await expect(errors.nth(0).getByTestId('diagram-source')).toContainText(
    'this line is not plantuml',
  )
  await expect(errors.nth(1)).toContainText('Refused to render: line 2 "!include /etc/passwd"')
  await expect(errors.nth(2)).toContainText('outside the workspace')
  await expect(errors.nth(2)).not.toContainText('root:')

  // PlantUML (a class diagram) and Mermaid side by side in the list.
  await page.setViewportSize({ width: 1280, height: 1020 })
  await page.locator('[data-comment-index="1"]').evaluate((card) => card.scrollIntoView())
  await expect(thumbnails.nth(2).locator('img')).toBeInViewport()
  await picture(page, 'diagrams.png')

  await thumbnails.nth(0).click()
  const stage = page.getByTestId('diagram-stage')
  await expect(stage.locator('img')).toBeVisible()
  await expect(stage).toHaveAttribute('data-scale', '1.00')
  await page.getByRole('button', { name: 'Zoom in' }).click()
  await expect(stage).toHaveAttribute('data-scale', '1.25')
  await stage.hover()
  await page.mouse.wheel(0, -100)
  await expect(stage).toHaveAttribute('data-scale', '1.38')
  await picture(page, 'diagram-viewer.png')
  await page.keyboard.press('Escape')
  await expect(stage).toBeHidden()
  expect(problems.errors).toEqual([])
  expect(problems.cspViolations).toEqual([])
})

test('an SVG payload corpus is sanitized and nothing in it runs', async ({ page, problems }) => {
  await page.addInitScript(() => {
    ;(window as unknown as { __pwned: number }).__pwned = 0
  })
  await open(page, 'SVG Payloads')
  const payloads = Object.keys(SVG_PAYLOADS)
  const thumbnails = page.getByTestId('diagram-thumbnail')
  await expect(thumbnails).toHaveCount(payloads.length, { timeout: 30_000 })
  for (let index = 0; index < payloads.length; index++) {
    const svg = await shownSvg(page, index)
    expect(svg, payloads[index]).toMatch(/^<svg/)
    expect(svg).not.toMatch(
      /<script|\son\w+=|foreignObject|<iframe|javascript:|evil\.example|@import/i,
    )
    expect(svg).not.toMatch(/href="data:image\/svg/)
  }
  await expect(
    page.locator('[data-comment-body] script, [data-testid="comment-diagrams"] svg'),
  ).toHaveCount(0)
  expect(await page.evaluate(() => (window as unknown as { __pwned: number }).__pwned)).toBe(0)
  // DOMPurify parses the payload in an inert DOMParser document; Chromium still checks the `on*`
  // attributes against the page's CSP and reports them blocked. That is the CSP layer at work,
  // not a failure: nothing ran (the canary above), and anything else logged would fail here.
  const blockedHandler = /^Executing inline event handler violates .*The action has been blocked\.$/
  expect(problems.errors.filter((error) => !blockedHandler.test(error))).toEqual([])
})

test('the diagrams panel (D) lists each diagram with its comment and author, and cleans up', async ({
  page,
  ui,
}) => {
  await open(page, 'Diagram Review')
  await page.keyboard.press('d')
  const panel = page.getByRole('dialog', { name: 'Diagrams' })
  const entries = panel.getByTestId('diagram-entry')
  await expect(entries).toHaveCount(6)
  await expect(entries.nth(0)).toContainText('diagrams/flow.puml')
  await expect(entries.nth(0)).toContainText('#0 · AI-Visualizer')
  await expect(entries.nth(2)).toContainText('#2 · Rob')
  await expect(entries.nth(5)).toContainText('is outside the workspace')

  await panel.getByRole('button', { name: 'Find' }).click()
  const orphans = panel.getByTestId('orphans')
  await expect(orphans.getByRole('listitem')).toHaveText(['diagrams/orphan.puml'])
  await orphans.getByRole('button', { name: 'Delete…' }).click()
  await orphans.getByRole('button', { name: 'Delete 1 file for good' }).click()
  await expect(page.getByText('Deleted 1.')).toBeVisible()
  await expect(readFile(join(ui.folder, 'diagrams', 'orphan.puml'))).rejects.toThrow()
  await expect(readFile(join(ui.folder, 'diagrams', 'flow.puml'), 'utf8')).resolves.toContain(
    '@startuml',
  )
})

test('Add artifact runs the stand-in editor and its DIAGRAM line reaches the saved comment', async ({
  page,
  ui,
}) => {
  await open(page, 'Diagram Review')
  await page.keyboard.press('c')
  const composer = page.getByRole('dialog', { name: 'Add a comment' })
  await typeInto(composer.getByLabel('Comment'), 'Here is the picture I promised.')
  await composer.getByRole('button', { name: 'Add artifact' }).click()
  await expect(composer.getByLabel('Comment')).toHaveValue(
    /^Here is the picture I promised\.\n\nDIAGRAM: diagrams\/diagram-review-\d{8}T\d{6}\.svg\n$/,
  )
  const text = await composer.getByLabel('Comment').inputValue()
  const ref = /DIAGRAM: (\S+)/.exec(text)?.[1] ?? ''
  await composer.getByRole('button', { name: 'Add comment' }).click()
  await expect(composer).toBeHidden()
  const saved = await readFile(join(ui.folder, 'diagram-review.md'), 'utf8')
  expect(saved).toContain(`Here is the picture I promised.\n\nDIAGRAM: ${ref}`)
  await expect(page.getByRole('button', { name: `Open diagram ${ref}` })).toBeVisible({
    timeout: 30_000,
  })
})

test('Read is offered on every comment, or disabled saying what to install', async ({ page }) => {
  await open(page, 'Diagram Review')
  const read = page.getByTestId('read-aloud').first()
  await expect(read).toBeVisible()
  const voices = await page.evaluate(() => speechSynthesis.getVoices().length)
  if (voices > 0) await expect(read).toBeEnabled()
  else {
    await expect(read).toBeDisabled()
    await read.locator('..').hover()
    await expect(page.getByRole('tooltip')).toContainText('espeak-ng')
  }
})

// With no display for the artifact editor (browser mode over SSH), Edit source opens the built-in
// editor; with one, the configured editor opens instead (test/diagrams/backend.test.ts).
testWithoutDisplay(
  'Edit source without a display opens the built-in editor with a live preview',
  async ({ page, ui }) => {
    await open(page, 'Diagram Review')
    await page.keyboard.press('d')
    const panel = page.getByRole('dialog', { name: 'Diagrams' })
    await panel
      .getByTestId('diagram-entry')
      .nth(2)
      .getByRole('button', { name: 'Edit source' })
      .click()
    const editor = page.getByRole('dialog', { name: 'Edit diagrams/states.mmd' })
    const source = editor.getByLabel('Diagram source')
    await expect(source).toHaveValue(/stateDiagram-v2/)
    await expect(editor.getByTestId('diagram-preview').locator('img')).toBeVisible({
      timeout: 30_000,
    })
    await typeInto(source, 'stateDiagram-v2\n  [*] --> Draft\n  Draft --> Archived\n')
    // The preview follows the text: it shows the new source once rendered.
    await expect(editor.getByTestId('diagram-preview')).toHaveAttribute('data-current', 'true')
    await expect(editor.getByTestId('diagram-preview').locator('img')).toBeVisible()
    await picture(page, 'diagram-editor.png')
    await editor.getByRole('button', { name: 'Save diagram' }).click()
    await expect(editor).toBeHidden()
    await expect(readFile(join(ui.folder, 'diagrams', 'states.mmd'), 'utf8')).resolves.toContain(
      'Draft --> Archived',
    )
  },
)

test('New artifact in the panel adds a comment with the DIAGRAM line', async ({ page, ui }) => {
  await open(page, 'Diagram Review')
  // Earlier tests of this file may have added comments to the same folder: count from here.
  const counter = page.getByText(/\d+ comments/)
  await expect(counter).toBeVisible()
  const before = Number(/(\d+) comments/.exec((await counter.textContent()) ?? '')?.[1])
  await page.keyboard.press('d')
  const panel = page.getByRole('dialog', { name: 'Diagrams' })
  await panel.getByRole('button', { name: 'New artifact' }).click()
  const note = panel.getByLabel('Artifact comment')
  await expect(note).toHaveValue(/^DIAGRAM: diagrams\/diagram-review-\d{8}T\d{6}\.svg$/)
  const line = await note.inputValue()
  await panel.getByRole('button', { name: 'Add comment' }).click()
  await expect(panel.getByLabel('Artifact comment')).toBeHidden()
  expect(await readFile(join(ui.folder, 'diagram-review.md'), 'utf8')).toContain(
    `Name: Rob\n\n${line}`,
  )
  await page.keyboard.press('Escape')
  // The list is virtual, so count comments by the header, which reads the file again.
  await expect(page.getByText(`${before + 1} comments`)).toBeVisible({ timeout: 30_000 })
})
