// Mermaid never touches the live page: Mermaid's own documentation examples of image-shape nodes
// and sequence-diagram actor menus, pointed at another server on 127.0.0.1, render as pictures
// while no request leaves the page and the page's CSP reports nothing.
import { mkdir, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

import { expect, test } from '@playwright/test'

import { signInTabs, watchProblems } from './support/fixtures.js'
import { exampleFolder, startUi } from './support/ui-server.js'

/** From mermaid.js.org, "Flowcharts: Image shape" and "Sequence diagrams: Actor Menus". */
const imageShape = (host: string) => `flowchart TD
    A@{ img: "${host}/favicon.svg", label: "My example image label", pos: "t", h: 60, constraint: "on" }
    B@{ img: "https://mermaid.js.org/favicon.svg", label: "Remote", pos: "b", w: 60, h: 60 }
    A --> B
`
const actorMenus = (host: string) => `sequenceDiagram
    participant Alice
    participant John
    link Alice: Dashboard @ ${host}/dashboard/alice
    link Alice: Wiki @ https://wiki.contoso.com/alice
    link John: Dashboard @ javascript:window.top.__canary='link'
    links John: {"Dashboard": "${host}/dashboard/john", "Wiki": "https://wiki.contoso.com/john"}
    Alice->>John: Hello John, how are you?
    John-->>Alice: Great!
`

function discussion(): string {
  return `<!-- DISCUSSION -->
<!-- Title: Mermaid examples -->
<!-- Phase: initial_feedback -->
<!-- Status: OPEN -->
<!-- Template: feature -->
<!-- Participants: visualizer -->

# Mermaid examples

---

Name: AI-Visualizer
Images and menus from Mermaid's own docs.

DIAGRAM: diagrams/image-shape.mmd
DIAGRAM: diagrams/actor-menus.mmd

---
`
}

test('Mermaid draws in a sandbox: image shapes and actor menus reach nothing', async ({
  browser,
}) => {
  const seen: string[] = []
  const other = createServer((request, response) => {
    seen.push(request.url ?? '')
    response.writeHead(200, { 'Content-Type': 'image/svg+xml' })
    response.end('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
  })
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
  const host = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
  const folder = await exampleFolder({ 'mermaid-examples.md': discussion() }, false)
  await mkdir(join(folder, 'diagrams'))
  await writeFile(join(folder, 'diagrams', 'image-shape.mmd'), imageShape(host))
  await writeFile(join(folder, 'diagrams', 'actor-menus.mmd'), actorMenus(host))
  const ui = await startUi(folder)
  try {
    const context = await browser.newContext()
    await signInTabs(context, ui)
    const page = await context.newPage()
    const problems = await watchProblems(page)
    // Requests for anything but the app itself: where they were made, and what became of them.
    const leaving: { url: () => string }[] = []
    context.on('request', (request) => {
      const url = request.url()
      if (!url.startsWith(ui.origin) && !url.startsWith('data:')) leaving.push(request)
    })
    await page.goto(ui.origin + '/')
    await page.getByRole('link', { name: 'Open Mermaid examples' }).click()
    const thumbnails = page.getByTestId('diagram-thumbnail')
    await expect(thumbnails).toHaveCount(2, { timeout: 30_000 })
    for (const index of [0, 1]) {
      await expect(thumbnails.nth(index)).toHaveAttribute('data-kind', 'mermaid')
      const image = thumbnails.nth(index).locator('img')
      await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/)
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    }
    const svg = async (index: number) => {
      const src = (await thumbnails.nth(index).locator('img').getAttribute('src')) ?? ''
      return Buffer.from(src.split(',')[1] ?? '', 'base64').toString('utf8')
    }
    const flowchart = await svg(0)
    expect(flowchart).toContain('>Remote<')
    expect(flowchart).toContain('> label<') // Mermaid sets the label word by word
    expect(flowchart).not.toContain(host)
    const sequence = await svg(1)
    expect(sequence).toContain('Alice')
    expect(sequence).not.toMatch(/onclick|javascript:|contoso|href=/i)
    expect(sequence).not.toContain(host)
    // Nothing Mermaid drew is in the live page: no diagram SVG, no inline handler.
    expect(await page.locator('svg[id^="mermaid"], [onclick]').count()).toBe(0)
    await page.waitForTimeout(500)
    // Not the live page, and not even the sandboxed frame, asked for anything elsewhere.
    expect(leaving.map((request) => request.url())).toEqual([])
    expect(seen).toEqual([])
    expect(problems.cspViolations).toEqual([])
    expect(problems.errors).toEqual([])
    // The frame wrote no handler and asked for no image, so its own CSP had nothing to stop.
    expect(problems.sandboxViolations).toEqual([])
    expect(problems.sandboxErrors).toEqual([])
    expect(await page.evaluate(() => (window as { __canary?: string }).__canary)).toBeUndefined()
    await context.close()
  } finally {
    await ui.stop()
    other.closeAllConnections()
    await new Promise((resolve) => other.close(resolve))
  }
})
