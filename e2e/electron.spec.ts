/// <reference lib="dom" />
// Launches the real desktop app where an Electron binary exists. On machines where Electron's
// download is blocked (like the CI here) the test reports a skip saying so.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { _electron as electron, expect, test } from '@playwright/test'

import { electronBinary } from '../src/cli/app-build.js'
import { SCRIPT } from './support/scripted-ui.js'
import { exampleFolder, ROOT } from './support/ui-server.js'

const binary = electronBinary(process.env)

const title =
  binary === null
    ? 'the desktop app launches and opens a discussion (SKIPPED: no Electron binary installed here)'
    : 'the desktop app launches and opens a discussion'

test(title, async () => {
  test.skip(
    binary === null,
    'No Electron binary installed (its download is blocked on this machine): the desktop launch is tested where Electron exists; the same UI is tested in Chromium through the browser mode.',
  )
  const folder = await exampleFolder()
  const app = await electron.launch({
    executablePath: binary ?? undefined,
    args: [join(ROOT, 'out', 'main', 'index.js')],
    env: {
      ...process.env,
      DISCUSSIONS_UI_FOLDER: folder,
      DISCUSSIONS_STATE_DIR: join(folder, '..', '.state'),
    },
  })
  const page = await app.firstWindow()
  expect(page.url()).toBe('app://bundle/index.html')
  expect(await page.evaluate(() => typeof (window as { require?: unknown }).require)).toBe(
    'undefined',
  )
  await page.getByRole('link', { name: 'Open Add User Authentication' }).click()
  await expect(page.getByTestId('discussion-title')).toHaveText('Add User Authentication')
  await expect(page.locator('[data-comment-index="0"]')).toBeVisible()
  await app.close()
})

const turnTitle =
  binary === null
    ? 'the desktop app runs a turn with a scripted provider (SKIPPED: no Electron binary installed here)'
    : 'the desktop app runs a turn with a scripted provider'

test(turnTitle, async () => {
  test.skip(
    binary === null,
    'No Electron binary installed (its download is blocked on this machine): turns are tested in Chromium through the browser mode (e2e/turn.spec.ts).',
  )
  const folder = await exampleFolder()
  const root = join(folder, '..')
  await mkdir(join(root, '.config'))
  await writeFile(
    join(root, '.config', 'providers.yaml'),
    `providers:\n  - name: scripted\n    command: ${JSON.stringify([process.execPath, SCRIPT])}\ndefault: scripted\n`,
  )
  const app = await electron.launch({
    executablePath: binary ?? undefined,
    args: [join(ROOT, 'out', 'main', 'index.js')],
    env: {
      ...process.env,
      DISCUSSIONS_UI_FOLDER: folder,
      DISCUSSIONS_STATE_DIR: join(root, '.state'),
      DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
    },
  })
  const page = await app.firstWindow()
  await page.getByRole('link', { name: 'Open Add User Authentication' }).click()
  await page.keyboard.press('t')
  const dialog = page.getByRole('dialog', { name: 'Run turn' })
  await dialog.getByRole('button', { name: 'None' }).click()
  await dialog.getByText('@architect', { exact: true }).click()
  await dialog.getByRole('button', { name: 'Start turn (1)' }).click()
  const saved = page
    .getByTestId('comment-list')
    .locator('[data-comment-index]')
    .filter({ hasText: 'Scripted answer from AI-Architect.' })
  await expect(saved).toBeVisible()
  await expect(saved.locator('[data-vote]')).toHaveText('READY')
  await expect(saved.getByTestId('turn-usage')).toContainText('scripted')
  const text = await readFile(join(folder, 'add-user-authentication.md'), 'utf8')
  expect(text).toMatch(
    /Name: AI-Architect\n\n(?:<!-- usage: .* -->\n\n)?Scripted answer from AI-Architect\./,
  )
  await app.close()
})
