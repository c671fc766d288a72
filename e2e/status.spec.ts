/**
 * Status that tells the truth: the demo notice names the provider a running turn really uses, a
 * turn whose answers all failed says so in its heading, and a provider test shows how long it has
 * taken and can be cancelled.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, test } from '@playwright/test'

import { watchProblems } from './support/fixtures.js'
import { SIZES } from './support/layout.js'
import { reviewShot, useScheme } from './support/review-shots.js'
import { openDiscussion, SCRIPT, startScriptedUi } from './support/scripted-ui.js'
import { exampleFolder, startUi } from './support/ui-server.js'
import type { RunningUi } from './support/ui-server.js'

/**
 * The scripted provider configured, but not the default: the default stays the offline demo.
 * Its answers wait at a gate: `release` lets @architect's through, a provider test's waits on.
 */
async function demoByDefault(): Promise<{ ui: RunningUi; release: () => Promise<void> }> {
  const folder = await exampleFolder()
  const root = join(folder, '..')
  const gate = join(root, 'gate')
  await mkdir(gate)
  await mkdir(join(root, '.config'), { recursive: true })
  await writeFile(
    join(root, '.config', 'providers.yaml'),
    [
      'providers:',
      '  - name: scripted',
      `    command: ${JSON.stringify([process.execPath, SCRIPT, '--gate', gate])}`,
      'default: demo',
      '',
    ].join('\n'),
  )
  return { ui: await startUi(folder), release: () => writeFile(join(gate, 'architect'), '') }
}

for (const scheme of ['light', 'dark'] as const)
  for (const size of SIZES) {
    test.describe(`at ${size.width}x${size.height}, ${scheme}`, () => {
      test.use({ viewport: size })

      test('the notice names the provider of the running turn; a test ticks and cancels', async ({
        page,
      }) => {
        const problems = await watchProblems(page)
        await useScheme(page, scheme)
        const { ui, release } = await demoByDefault()
        try {
          await openDiscussion(page, ui, 'Add User Authentication')
          const banner = page.getByTestId('demo-banner')
          await expect(banner).toContainText('Turns use the offline demo provider')

          await page.keyboard.press('t')
          const dialog = page.getByRole('dialog', { name: 'Run turn' })
          await dialog.getByRole('button', { name: 'None' }).click()
          await dialog.getByText('@architect', { exact: true }).click()
          await dialog.getByLabel('Provider', { exact: true }).click()
          await page.getByRole('option', { name: 'scripted only' }).click()
          await dialog.getByRole('button', { name: 'Start turn (1)' }).click()
          await expect(banner).toContainText('This turn uses scripted')
          await reviewShot(page, 'status-banner-turn-provider', scheme)
          await release()
          await expect(page.getByTestId('turn-headline')).toContainText('Turn finished')
          await expect(banner).toContainText('Turns use the offline demo provider')

          // A test that takes its time: elapsed seconds tick, and Cancel stops the wait.
          await banner.getByRole('button', { name: 'Choose a provider' }).click()
          const view = page.getByRole('dialog', { name: 'Providers' })
          await view
            .getByRole('row', { name: /scripted/ })
            .getByRole('button', { name: 'Test' })
            .click()
          const running = view.getByTestId('provider-test-running')
          await expect(running).toContainText('Testing… 0 s')
          await expect(running).toContainText('Testing… 2 s')
          await reviewShot(page, 'status-provider-test-running', scheme)
          await running.getByRole('button', { name: 'Cancel the test of scripted' }).click()
          await expect(running).toHaveCount(0)
          await expect(view.getByTestId('provider-test-result')).toContainText(
            /You cancelled the test of scripted after \d\.\d s\./,
          )
          await reviewShot(page, 'status-provider-test-cancelled', scheme)
          expect(problems.errors).toEqual([])
        } finally {
          await ui.stop()
        }
      })

      test('a turn whose answers all failed says so in its heading', async ({ page }) => {
        const problems = await watchProblems(page)
        await useScheme(page, scheme)
        const app = await startScriptedUi({ fail: ['architect', 'security', 'pragmatist'] })
        try {
          await openDiscussion(page, app, 'Add User Authentication')
          await page.keyboard.press('t')
          const dialog = page.getByRole('dialog', { name: 'Run turn' })
          await dialog.getByRole('button', { name: 'All participants' }).click()
          await dialog.getByLabel('Callout').pressSequentially('Anyone there?')
          await dialog.getByRole('button', { name: 'Start turn (3)' }).click()
          const headline = page.getByTestId('turn-headline')
          await expect(headline).toHaveText(
            'The turn failed: all 3 answers failed, nothing was added.',
          )
          await expect(headline).not.toContainText('Turn finished')
          await expect(page.getByTestId('turn-failures')).toContainText('quota exceeded')
          await reviewShot(page, 'status-all-failed', scheme)
          expect(problems.errors).toEqual([])
        } finally {
          await app.stop()
        }
      })
    })
  }
