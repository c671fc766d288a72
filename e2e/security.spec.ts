/// <reference lib="dom" />
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

test('without the token the app is refused; the token works once', async ({ browser }) => {
  const stranger = await browser.newPage()
  const refused = await stranger.goto(ui.origin + '/')
  expect(refused?.status()).toBe(401)
  await expect(stranger.locator('body')).toContainText('one-time token')
  expect((await stranger.goto(ui.origin + '/?token=guessed'))?.status()).toBe(403)
  await stranger.close()

  const owner = await browser.newPage()
  await owner.goto(ui.url)
  await expect(owner.getByText('Hostile comments')).toBeVisible()
  const csp = (await owner.request.get(ui.origin + '/')).headers()['content-security-policy']
  expect(csp).toContain("script-src 'self'")
  await owner.close()

  const second = await browser.newPage()
  expect((await second.goto(ui.url))?.status()).toBe(403)
  await second.close()
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
  for (const link of await card.locator('a').all()) {
    const href = (await link.getAttribute('href')) ?? ''
    expect(href).not.toMatch(/^(javascript|data):/i)
    await link.click()
  }
  await page.waitForTimeout(300)
  expect(await page.evaluate(() => (window as { __canary?: string }).__canary)).toBeUndefined()
  expect(page.url().startsWith(ui.origin)).toBe(true)
  expect(problems.cspViolations).toEqual([])
  expect(problems.errors).toEqual([])
})
