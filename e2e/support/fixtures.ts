/// <reference lib="dom" />
import { test as base, expect } from '@playwright/test'
import type { BrowserContextOptions, Page } from '@playwright/test'

import { exampleFolder, startUi } from './ui-server.js'
import type { RunningUi } from './ui-server.js'

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>

export interface PageProblems {
  errors: string[]
  cspViolations: string[]
}

/** Collects page errors, console errors and CSP violations, so a test can say there were none. */
export async function watchProblems(page: Page): Promise<PageProblems> {
  const problems: PageProblems = { errors: [], cspViolations: [] }
  page.on('pageerror', (error) => problems.errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.errors.push(message.text())
  })
  await page.exposeFunction('__reportCsp', (text: string) => problems.cspViolations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp
      report(`${event.violatedDirective} blocked ${event.blockedURI}`)
    })
  })
  return problems
}

type SignedInUi<Ui extends RunningUi> = Ui & {
  /** Cookies of a browser that traded the printed one-time token for a session. */
  session: StorageState
}

/**
 * A Playwright `test` whose worker starts the real browser-mode server on the folder `start`
 * gives (and stops it after), signs a browser in once, and hands every test that session.
 */
export function testWithUi<Ui extends RunningUi>(start: () => Promise<Ui>) {
  return base.extend<{ problems: PageProblems }, { ui: SignedInUi<Ui> }>({
    ui: [
      async ({ browser }, use) => {
        const ui = await start()
        const context = await browser.newContext()
        const page = await context.newPage()
        await page.goto(ui.url)
        const session = await context.storageState()
        await context.close()
        await use({ ...ui, session })
        await ui.stop()
      },
      { scope: 'worker', timeout: 90_000 },
    ],
    storageState: async ({ ui }, use) => use(ui.session),
    baseURL: async ({ ui }, use) => use(ui.origin),
    problems: async ({ page }, use) => {
      await use(await watchProblems(page))
    },
  })
}

export const test = testWithUi(async () => startUi(await exampleFolder()))

export { expect }
