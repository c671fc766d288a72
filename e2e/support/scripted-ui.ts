/// <reference lib="dom" />
/**
 * The app in browser mode with a scripted provider, as a person would set it up: a
 * `providers.yaml` in the user config folder naming a real command (scripted-provider.mjs) as
 * the default. Each test gets its own server and folder, since turns and comments change files.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { test as base, expect } from '@playwright/test'
import type { Page } from '@playwright/test'

import { watchProblems } from './fixtures.js'
import type { PageProblems } from './fixtures.js'
import { exampleFolder, ROOT, startUi } from './ui-server.js'
import type { RunningUi } from './ui-server.js'

export const SCRIPT = join(ROOT, 'e2e', 'support', 'scripted-provider.mjs')
export const AUTH_FILE = 'add-user-authentication.md'

export interface ScriptedUi extends RunningUi {
  /** The project root: holds `.config` (user config) and `discussions/`. */
  root: string
  configDir: string
  /** Lets the scripted answers of `alias` (or everyone's) finish. */
  release: (alias?: string) => Promise<void>
  /** A participant set up to fail answers from now on (so a retry succeeds). */
  heal: (alias: string) => Promise<void>
}

export async function startScriptedUi(
  options: { fail?: string[]; folder?: string } = {},
): Promise<ScriptedUi> {
  const folder = options.folder ?? (await exampleFolder())
  const root = join(folder, '..')
  const gate = join(root, 'gate')
  const configDir = join(root, '.config')
  await mkdir(gate)
  await mkdir(configDir, { recursive: true })
  const command = [process.execPath, SCRIPT, '--gate', gate]
  if (options.fail?.length) command.push('--fail', options.fail.join(','))
  await writeFile(
    join(configDir, 'providers.yaml'),
    [
      'providers:',
      '  - name: scripted',
      `    command: ${JSON.stringify(command)}`,
      '    description: answers from a script, for the tests',
      'default: scripted',
      '',
    ].join('\n'),
  )
  const ui = await startUi(folder)
  return {
    ...ui,
    root,
    configDir,
    release: (alias = 'all') => writeFile(join(gate, alias), ''),
    heal: (alias) => writeFile(join(gate, `heal-${alias}`), ''),
  }
}

/** Signs the page in with the printed URL and opens a discussion by its title. */
export async function openDiscussion(page: Page, ui: RunningUi, title: string): Promise<void> {
  await page.goto(ui.url)
  await page.getByRole('link', { name: `Open ${title}` }).click()
  await expect(page.getByTestId('discussion-title')).toHaveText(title)
}

export const test = base.extend<{ app: ScriptedUi; appProblems: PageProblems }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures this one needs from it
  app: async ({}, use) => {
    const ui = await startScriptedUi({ fail: ['pragmatist'] })
    await use(ui)
    await ui.stop()
  },
  appProblems: async ({ page }, use) => {
    await use(await watchProblems(page))
  },
})

export { expect }
