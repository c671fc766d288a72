/// <reference lib="dom" />
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { expect, test } from '@playwright/test'

import { watchProblems } from './support/fixtures.js'
import { exampleFolder, startUi } from './support/ui-server.js'
import type { RunningUi } from './support/ui-server.js'

const HOSTILE = `<!-- DISCUSSION -->
<!-- Title: Hostile comments -->
<!-- Phase: initial_feedback -->
<!-- Status: OPEN -->
<!-- Template: feature -->
<!-- Participants: architect -->

# Hostile comments

---

Name: AI-Mallory
A script tag: <script>window.__canary = 'script'</script>

An image: <img src=x onerror="window.__canary = 'img'">

A frame: <iframe src="javascript:window.top.__canary = 'iframe'"></iframe>

A [javascript link](javascript:window.__canary='link') and a [data link](data:text/html,<script>alert(1)</script>).

A remote image: ![tracker](https://example.com/pixel.png)

An <a href="javascript:window.__canary='anchor'">HTML anchor</a> and <svg onload="window.__canary='svg'"></svg>.

Q: Did anything run?

VOTE: REJECT

---
`

let ui: RunningUi
test.beforeEach(async () => {
  ui = await startUi(await exampleFolder({ 'hostile.md': HOSTILE }, false))
})
test.afterEach(async () => ui.stop())

interface Witness {
  origin: string
  /** Every request it received: method, URL and headers. */
  seen: { url: string; headers: Record<string, string | string[] | undefined> }[]
  close: () => Promise<void>
}

/** Another web server on 127.0.0.1 (another port): what a page or a diagram might reach. */
async function witness(): Promise<Witness> {
  const seen: Witness['seen'] = []
  const server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers })
    response.writeHead(200, { 'Content-Type': 'text/html' })
    response.end('<!doctype html><title>another server</title><p>another server</p>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

test('the printed link signs a tab in; the token stays in the page, never in the address bar', async ({
  browser,
}) => {
  expect(ui.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{40,}$/)
  const context = await browser.newContext()
  const owner = await context.newPage()
  await owner.goto(ui.url)
  await expect(owner.getByText('Hostile comments')).toBeVisible()
  expect(owner.url()).not.toContain(ui.token)
  expect(await owner.evaluate(() => sessionStorage.getItem('discussions.token'))).toBe(ui.token)
  expect(await context.cookies()).toEqual([])
  // A reload keeps the tab signed in; the printed link works again, and in a new tab.
  await owner.reload()
  await expect(owner.getByText('Hostile comments')).toBeVisible()
  const again = await context.newPage()
  await again.goto(ui.url)
  await expect(again.getByText('Hostile comments')).toBeVisible()
  const csp = (await owner.request.get(ui.origin + '/')).headers()['content-security-policy']
  expect(csp).toContain("script-src 'self'")
  await context.close()
})

test('without the token the page is told how to sign in, and the API refuses it', async ({
  page,
}) => {
  await page.goto(ui.origin + '/')
  await expect(page.getByText('opened without its token').first()).toBeVisible()
  await expect(page.getByText('Hostile comments')).toHaveCount(0)
  const api = ui.origin.replace('http', 'ws') + '/api'
  const outcome = (protocols: string[]) =>
    page.evaluate(
      ({ url, offered }) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(url, offered)
          ws.onopen = () => resolve('open')
          ws.onerror = () => resolve('refused')
        }),
      { url: api, offered: protocols },
    )
  expect(await outcome(['discussions'])).toBe('refused')
  expect(await outcome(['discussions', 'token.guessed'])).toBe('refused')
  expect(await outcome(['discussions', `token.${ui.token}`])).toBe('open')
})

test('another server on 127.0.0.1 never receives the credential', async ({ browser }) => {
  const other = await witness()
  try {
    const context = await browser.newContext()
    const app = await context.newPage()
    await app.goto(ui.url)
    await expect(app.getByText('Hostile comments')).toBeVisible()
    // The same browser visits another local server: by link, by fetch, and by a new tab.
    const tab = await context.newPage()
    await tab.goto(other.origin + '/page')
    await tab.evaluate((url) => fetch(url, { credentials: 'include' }), other.origin + '/fetch')
    await tab.goto(`${other.origin}/?from=${encodeURIComponent(app.url())}`)
    await context.close()
    expect(other.seen.length).toBeGreaterThanOrEqual(3) // and the favicon
    for (const request of other.seen) {
      expect(request.headers.cookie).toBeUndefined()
      expect(JSON.stringify(request)).not.toContain(ui.token)
    }
  } finally {
    await other.close()
  }
})

test('hostile markdown executes nothing and breaks no CSP rule', async ({ page }) => {
  const problems = await watchProblems(page)
  await page.goto(ui.url)
  await page.getByRole('link', { name: 'Open Hostile comments' }).click()
  const card = page.locator('[data-comment-index="0"]')
  await expect(card).toContainText('A script tag')
  await expect(card.locator('[data-comment-body]').locator('script, iframe, img, svg')).toHaveCount(
    0,
  )
  await expect(card).toContainText('(not loaded)')
  // Each click is counted once it has passed through the app's own handlers.
  await page.evaluate(() => {
    const counted = window as { __clicks?: number }
    counted.__clicks = 0
    document.addEventListener('click', () => (counted.__clicks = (counted.__clicks ?? 0) + 1))
  })
  const links = await card.locator('a').all()
  for (const link of links) {
    const href = (await link.getAttribute('href')) ?? ''
    expect(href).not.toMatch(/^(javascript|data):/i)
    await link.click()
  }
  await expect
    .poll(() => page.evaluate(() => (window as { __clicks?: number }).__clicks))
    .toBe(links.length)
  // Whatever a click queued (a javascript: navigation runs as a task) has run by the next frame.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
  )
  expect(await page.evaluate(() => (window as { __canary?: string }).__canary)).toBeUndefined()
  expect(page.url().startsWith(ui.origin)).toBe(true)
  expect(problems.cspViolations).toEqual([])
  expect(problems.errors).toEqual([])
})
