/**
 * The page `discussions export FILE --html` writes, opened in Chromium with JavaScript off, as a
 * reviewer opens a file from a pull request: everything readable (the thread, the decision, the
 * diagram drawn inline), markers and votes coloured as in the app, light and dark, printable,
 * and not one request leaving the page, even for a discussion written to make it leak.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { expect, test } from '@playwright/test'
import type { BrowserContext, Page } from '@playwright/test'

import { axeFindings, blocking } from './support/axe.js'
import { ROOT } from './support/ui-server.js'

const BIN = join(ROOT, 'bin', 'discussions.cjs')

const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 40" onload="alert('svg')" style="background:url(http://127.0.0.1:9/bg.png)">
<script>alert('script')</script>
<image href="http://127.0.0.1:9/image.png" width="10" height="10"/>
<a xlink:href="javascript:alert('link')"><text x="4" y="24" font-family="sans-serif" fill="url(http://127.0.0.1:9/paint#p)">Hostile diagram</text></a>
<foreignObject width="50" height="20"><iframe src="http://127.0.0.1:9/frame"></iframe></foreignObject>
<style>@import url(http://127.0.0.1:9/style.css);</style>
</svg>`

const HOSTILE = `<!-- DISCUSSION -->
<!-- Title: Leaky <b>page</b> "test" -->
<!-- Phase: consensus_vote -->
<!-- Status: OPEN -->
<!-- Template: feature -->
<!-- Participants: architect -->

# Leaky page

## Context

<script>alert('context')</script> <img src="http://127.0.0.1:9/pixel.png" onerror="alert(1)">

---

Name: AI-Architect

![tracker](http://127.0.0.1:9/tracker.png) and [a link](javascript:alert('x')) and <iframe src="http://127.0.0.1:9/"></iframe>

DIAGRAM: diagrams/hostile.svg

DIAGRAM: diagrams/flow.mmd

CONCERN: This page must not phone home.

VOTE: CHANGES

---
`

let folder = ''

function exportPage(file: string): string {
  execFileSync(process.execPath, [BIN, 'export', file, '--html', '--force'], {
    cwd: folder,
    env: {
      ...process.env,
      DISCUSSIONS_CONFIG_DIR: join(folder, '.config'),
      DISCUSSIONS_STATE_DIR: join(folder, '.state'),
    },
    stdio: 'pipe',
  })
  return join(folder, file.replace(/\.md$/, '.html'))
}

test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'export-page-'))
  mkdirSync(join(folder, '.git'))
  cpSync(join(ROOT, 'examples'), join(folder, 'discussions'), { recursive: true })
  writeFileSync(join(folder, 'discussions', 'hostile.md'), HOSTILE)
  writeFileSync(join(folder, 'discussions', 'diagrams', 'hostile.svg'), HOSTILE_SVG)
  writeFileSync(join(folder, 'discussions', 'diagrams', 'flow.mmd'), 'graph TD\n  A-->B\n')
})

/** Every request the context makes, the page's own file included. */
function requestsOf(context: BrowserContext): string[] {
  const urls: string[] = []
  context.on('request', (request) => urls.push(request.url()))
  return urls
}

async function open(page: Page, file: string): Promise<string> {
  const url = pathToFileURL(file).href
  await page.goto(url)
  return url
}

test.describe('with JavaScript off, as a reviewer opens it', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1400, height: 900 } })

  test('reads like the app: the decision, the thread, the diagram, markers and votes', async ({
    page,
    context,
  }) => {
    const requests = requestsOf(context)
    const url = await open(page, exportPage('discussions/api-redesign-adr.md'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'ADR: Public API Redesign Behind a Gateway',
    )
    await expect(page.getByRole('heading', { name: 'Decision: Proposed' })).toBeVisible()
    for (const author of ['AI-Architect', 'AI-Visualizer', 'AI-Security', 'AI-Pragmatist', 'Rob'])
      await expect(page.getByRole('article', { name: `Comment by ${author}` })).toBeVisible()
    await expect(
      page.getByText('Centralizing token validation is a clear improvement'),
    ).toBeVisible()

    const diagram = page.getByRole('img', { name: 'Diagram diagrams/api-gateway.puml' })
    await expect(diagram).toBeVisible()
    expect((await diagram.boundingBox())?.width ?? 0).toBeGreaterThan(300)
    await expect(diagram.getByText('API gateway')).toBeVisible()

    const concern = page.locator('.od-marker-concern').first()
    await expect(concern).toHaveCSS('border-left-color', 'rgb(250, 82, 82)')
    await expect(page.locator('.comment .vote-CHANGES').first()).toHaveCSS(
      'color',
      'rgb(138, 71, 0)',
    )
    await expect(page.locator('.od-mention').first()).toHaveCSS('font-weight', '600')
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)')

    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(31, 31, 31)')
    await expect(page.locator('.comment .vote-CHANGES').first()).toHaveCSS(
      'color',
      'rgb(255, 224, 102)',
    )

    await page.emulateMedia({ media: 'print', colorScheme: 'dark' })
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)')
    await expect(page.locator('.summary')).toHaveCSS('position', 'static')
    const pdf = await page.pdf({ format: 'A4' })
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')

    expect(requests).toEqual([url])
  })

  test('a discussion written to leak: nothing loads, nothing runs, the text is still there', async ({
    page,
    context,
  }) => {
    const requests = requestsOf(context)
    const url = await open(page, exportPage('discussions/hostile.md'))
    await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(
      'Leaky <b>page</b> "test"',
    )
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    await expect(page.getByText('[image: tracker] (not loaded)')).toBeVisible()
    await expect(page.getByRole('img', { name: 'Diagram diagrams/hostile.svg' })).toContainText(
      'Hostile diagram',
    )
    await expect(page.getByText('Mermaid source: it is drawn in the app')).toBeVisible()
    await expect(page.locator('script, iframe, foreignObject, style:not(head style)')).toHaveCount(
      0,
    )
    const handlers = await page.evaluate(() =>
      [...document.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes]
          .filter(
            (a) =>
              /^on/i.test(a.name) ||
              /javascript:|url\(\s*['"]?http/i.test(a.value) ||
              (/^(src|href|xlink:href)$/i.test(a.name) && /^\s*http/i.test(a.value)),
          )
          .map((a) => `${element.tagName} ${a.name}`),
      ),
    )
    expect(handlers).toEqual([])
    expect(requests).toEqual([url])
  })
})

test.describe('with JavaScript on, as a browser would open an attachment', () => {
  test.use({ viewport: { width: 1400, height: 900 } })

  test('still runs nothing and loads nothing (the page carries no script and a CSP)', async ({
    page,
    context,
  }) => {
    const requests = requestsOf(context)
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    const url = await open(page, exportPage('discussions/hostile.md'))
    const comment = page.getByRole('article', { name: 'Comment by AI-Architect' })
    await expect(comment.getByText('This page must not phone home.')).toBeVisible()
    expect(dialogs).toEqual([])
    expect(requests).toEqual([url])
  })

  test('axe finds nothing serious, light and dark', async ({ page }) => {
    await open(page, exportPage('discussions/api-redesign-adr.md'))
    expect(blocking(await axeFindings(page))).toEqual([])
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(blocking(await axeFindings(page))).toEqual([])
  })
})
