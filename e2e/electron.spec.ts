/// <reference lib="dom" />
// Launches the real desktop app where an Electron binary exists. On machines where Electron's
// download is blocked (like the CI here) the test reports a skip saying so.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

import { _electron as electron, expect, test } from '@playwright/test'

import { exampleFolder, ROOT } from './support/ui-server.js'

function electronBinary(): string | null {
  try {
    const path = createRequire(join(ROOT, 'package.json'))('electron') as unknown
    return typeof path === 'string' && existsSync(path) ? path : null
  } catch {
    return null
  }
}

const binary = electronBinary()

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
