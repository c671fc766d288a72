/// <reference lib="dom" />
import { test as base, expect } from '@playwright/test'
import type { BrowserContext, Page } from '@playwright/test'

import { exampleFolder, startUi } from './ui-server.js'
import type { RunningUi } from './ui-server.js'

export interface PageProblems {
  errors: string[]
  /** CSP violations in the app's own (live) page. */
  cspViolations: string[]
  /** Those in the sandboxed Mermaid frame, where the frame's own CSP stops what a diagram asks. */
  sandboxViolations: string[]
  sandboxErrors: string[]
}

const SANDBOX_PAGE = '/mermaid-sandbox.html'

/** Collects page errors, console errors and CSP violations, so a test can say there were none. */
export async function watchProblems(page: Page): Promise<PageProblems> {
  const problems: PageProblems = {
    errors: [],
    cspViolations: [],
    sandboxViolations: [],
    sandboxErrors: [],
  }
  page.on('pageerror', (error) => problems.errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const inSandbox = message.location().url.endsWith(SANDBOX_PAGE)
    ;(inSandbox ? problems.sandboxErrors : problems.errors).push(message.text())
  })
  await page.exposeFunction('__reportCsp', (text: string, sandboxed: boolean) =>
    (sandboxed ? problems.sandboxViolations : problems.cspViolations).push(text),
  )
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCsp: (t: string, s: boolean) => void })
        .__reportCsp
      report(`${event.violatedDirective} blocked ${event.blockedURI}`, window !== window.top)
    })
  })
  return problems
}

/**
 * Every tab of `context` starts as a tab the printed link signed in: the token in its
 * sessionStorage, where the page keeps it after reading it from the link's fragment.
 */
export async function signInTabs(context: BrowserContext, ui: RunningUi): Promise<void> {
  await context.addInitScript(
    ({ origin, token }) => {
      // `self.origin` is "null" in the sandboxed Mermaid frame, whose URL is on our origin.
      if (self.origin !== origin) return
      if (!sessionStorage.getItem('discussions.token'))
        sessionStorage.setItem('discussions.token', token)
    },
    { origin: ui.origin, token: ui.token },
  )
}

/**
 * A Playwright `test` whose worker starts the real browser-mode server on the folder `start`
 * gives (and stops it after); every test's tabs are signed in, so `page.goto('/')` opens the app.
 */
export function testWithUi<Ui extends RunningUi>(start: () => Promise<Ui>) {
  return base.extend<{ problems: PageProblems }, { ui: Ui }>({
    ui: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures this one needs from it
      async ({}, use) => {
        const ui = await start()
        await use(ui)
        await ui.stop()
      },
      { scope: 'worker', timeout: 90_000 },
    ],
    context: async ({ context, ui }, use) => {
      await signInTabs(context, ui)
      await use(context)
    },
    baseURL: async ({ ui }, use) => use(ui.origin),
    problems: async ({ page }, use) => {
      await use(await watchProblems(page))
    },
  })
}

export const test = testWithUi(async () => startUi(await exampleFolder()))

export { expect }
