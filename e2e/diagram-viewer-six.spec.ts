/**
 * The diagram viewer holds still: stepping through diagrams of very different sizes (a small
 * one, a large one, one that fails to render), Previous and Next keep their places, so clicking
 * again at the same spot keeps stepping.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Locator } from '@playwright/test'

import { axeFindings, blocking } from './support/axe.js'
import { expect, testWithUi } from './support/fixtures.js'
import { layoutFindings, SIZES } from './support/layout.js'
import { reviewShot, useScheme } from './support/review-shots.js'
import { exampleFolder, startUi } from './support/ui-server.js'

const svg = (width: number, height: number, label: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#dde"/><text x="8" y="20">${label}</text></svg>`

const DISCUSSION = `<!-- DISCUSSION -->
<!-- Title: Diagrams Of Every Size -->
<!-- Phase: initial_feedback -->
<!-- Status: OPEN -->
<!-- Template: feature -->
<!-- Participants: visualizer -->

# Diagrams Of Every Size

---

Name: AI-Visualizer

A small one, a large one, and one that does not parse.

DIAGRAM: diagrams/small.svg
DIAGRAM: diagrams/large.svg
DIAGRAM: diagrams/broken.mmd

---
`

const test = testWithUi(async () => {
  const folder = await exampleFolder()
  await mkdir(join(folder, 'diagrams'))
  await writeFile(join(folder, 'diagrams', 'small.svg'), svg(80, 30, 'small'))
  await writeFile(join(folder, 'diagrams', 'large.svg'), svg(1600, 1400, 'large'))
  await writeFile(join(folder, 'diagrams', 'broken.mmd'), 'flowchart TD\n  A -- -> B{{broken\n')
  await writeFile(join(folder, 'diagrams-of-every-size.md'), DISCUSSION)
  return startUi(folder)
})

async function centreNow(button: Locator): Promise<{ x: number; y: number }> {
  const box = await button.boundingBox()
  if (!box) throw new Error('not shown')
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) }
}

/** Where the button's centre settles once the dialog's opening transition is over. */
async function centre(button: Locator): Promise<{ x: number; y: number }> {
  let last = await centreNow(button)
  for (;;) {
    await button.page().waitForTimeout(150)
    const now = await centreNow(button)
    if (now.x === last.x && now.y === last.y) return now
    last = now
  }
}

for (const scheme of ['light', 'dark'] as const)
  for (const size of SIZES) {
    test.describe(`at ${size.width}x${size.height}, ${scheme}`, () => {
      test.use({ viewport: size })

      test('Previous and Next stay under the mouse across diagrams of any size', async ({
        page,
      }) => {
        await useScheme(page, scheme)
        await page.goto('/')
        await page.getByRole('link', { name: 'Open Diagrams Of Every Size' }).click()
        await page.getByRole('button', { name: 'Diagrams', exact: true }).click()
        const panel = page.getByRole('dialog', { name: 'Diagrams' })
        const thumbs = panel.getByTestId('panel-thumbnail')
        await expect(thumbs.nth(0)).toHaveAttribute('data-state', 'ready', { timeout: 30_000 })
        // Names line up: every file name starts at the same x, every folder cut at one width.
        const names = panel.getByTestId('diagram-name')
        const files = await names
          .locator('[data-file]')
          .evaluateAll((spans) =>
            spans.map((span) => Math.round(span.getBoundingClientRect().left)),
          )
        expect(new Set(files).size).toBe(1)
        // A folder cut short is cut at one width for all; a file name is never cut.
        const cut = await names
          .locator('[data-folder]')
          .evaluateAll((spans) =>
            spans
              .filter((span) => span.scrollWidth > span.clientWidth + 1)
              .map((span) => span.clientWidth),
          )
        expect(new Set(cut).size).toBeLessThanOrEqual(1)
        const whole = await names
          .locator('[data-file]')
          .evaluateAll((spans) => spans.every((span) => span.scrollWidth <= span.clientWidth + 1))
        expect(whole).toBe(true)
        await reviewShot(page, 'six-viewer-panel-names', scheme)
        await thumbs.nth(0).click()
        const viewer = page.getByRole('dialog', { name: /small\.svg/ })
        await expect(viewer.getByTestId('diagram-stage')).toBeVisible()
        const next = viewer.getByRole('button', { name: 'Next' })
        const previous = viewer.getByRole('button', { name: 'Previous' })
        const at = await centre(next)
        const before = await centre(previous)
        await reviewShot(page, 'six-viewer-small', scheme)

        // Two clicks at the same spot: small, then large, then the broken one.
        await page.mouse.click(at.x, at.y)
        const large = page.getByRole('dialog', { name: /large\.svg/ })
        await expect(large.getByTestId('diagram-position')).toHaveText('2 of 3')
        await expect(large.getByTestId('diagram-stage')).toBeVisible()
        expect(await centre(large.getByRole('button', { name: 'Next' }))).toEqual(at)
        expect(await centre(large.getByRole('button', { name: 'Previous' }))).toEqual(before)
        await reviewShot(page, 'six-viewer-large', scheme)
        await page.mouse.click(at.x, at.y)
        const broken = page.getByRole('dialog', { name: /broken\.mmd/ })
        await expect(broken.getByTestId('diagram-position')).toHaveText('3 of 3')
        await expect(broken.getByTestId('diagram-error-message')).toBeVisible({ timeout: 30_000 })
        expect(await centre(broken.getByRole('button', { name: 'Next' }))).toEqual(at)
        await reviewShot(page, 'six-viewer-broken', scheme)
        // And back, at Previous's spot.
        await page.mouse.click(before.x, before.y)
        await expect(large.getByTestId('diagram-position')).toHaveText('2 of 3')
        expect(await layoutFindings(page, '[role="dialog"]')).toEqual([])
        expect(blocking(await axeFindings(page, '[role="dialog"]'))).toEqual([])

        // Edit source: line numbers beside the lines (errors cite them), a preview in the scheme.
        await page.keyboard.press('ArrowRight')
        await broken.getByRole('button', { name: 'Edit source' }).click()
        const editor = page.getByRole('dialog', { name: /Edit diagrams\/broken\.mmd/ })
        const field = editor.getByLabel('Diagram source')
        const numbers = editor.getByTestId('source-line-numbers')
        await expect(numbers).toHaveText(['1', '2', '3'].join('\n'))
        await field.click()
        await page.keyboard.press('ControlOrMeta+End')
        await field.pressSequentially('  B --> C\n  C --> D')
        await expect(numbers).toHaveText(['1', '2', '3', '4'].join('\n'))
        // Each number beside its own line: the same line height and first-line top.
        const [gutter, text] = await Promise.all(
          [numbers, field].map((target) =>
            target.evaluate((element) => {
              const style = getComputedStyle(element)
              const top = element.getBoundingClientRect().top + Number.parseFloat(style.paddingTop)
              return { top: Math.round(top), lineHeight: style.lineHeight }
            }),
          ),
        )
        expect(gutter!.lineHeight).toBe(text!.lineHeight)
        expect(Math.abs(gutter!.top - text!.top)).toBeLessThanOrEqual(2)
        const preview = editor.getByTestId('diagram-preview')
        const background = await preview.evaluate((e) => getComputedStyle(e).backgroundColor)
        if (scheme === 'dark') expect(background).not.toBe('rgb(255, 255, 255)')
        else expect(background).toBe('rgb(255, 255, 255)')
        await reviewShot(page, 'six-viewer-edit-source', scheme)
        expect(await layoutFindings(page, '[role="dialog"]')).toEqual([])
      })
    })
  }
