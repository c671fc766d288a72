/**
 * A turn that moves the phase can be undone from its line: one click moves the phase back, with
 * the same transition and vote reset in the file as `discussions advance --to` writes.
 */
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

import { expect, test } from '@playwright/test'

import { featureDiscussion } from './support/feature-discussion.js'
import { watchProblems } from './support/fixtures.js'
import { SIZES } from './support/layout.js'
import { reviewShot, useScheme } from './support/review-shots.js'
import { openDiscussion, startScriptedUi } from './support/scripted-ui.js'
import { exampleFolder, ROOT } from './support/ui-server.js'

const run = promisify(execFile)
const FILE = 'first-reactions.md'
const TITLE = 'First Reactions To Sign-in'

const discussion = featureDiscussion(TITLE, 'initial_feedback')

for (const scheme of ['light', 'dark'] as const)
  for (const size of SIZES) {
    test.describe(`at ${size.width}x${size.height}, ${scheme}`, () => {
      test.use({ viewport: size })

      test('the phase a turn moved is moved back from the turn line in one click', async ({
        page,
      }) => {
        const problems = await watchProblems(page)
        await useScheme(page, scheme)
        const app = await startScriptedUi({
          folder: await exampleFolder({ [FILE]: discussion }, false),
        })
        try {
          await openDiscussion(page, app, TITLE)
          await page.keyboard.press('t')
          const dialog = page.getByRole('dialog', { name: 'Run turn' })
          await dialog.getByRole('button', { name: 'All participants' }).click()
          await dialog.getByLabel('Callout').pressSequentially('First reactions, please.')
          await dialog.getByRole('button', { name: 'Start turn (3)' }).click()
          await expect(dialog).toBeHidden()
          await app.release()

          const headline = page.getByTestId('turn-headline')
          await expect(headline).toContainText(
            'Phase moved from Initial Feedback to Detailed Review.',
          )
          const undo = page.getByRole('button', { name: 'Back to Initial Feedback' })
          await expect(undo).toBeVisible()
          await reviewShot(page, 'phase-undo-offered', scheme)
          const path = join(app.folder, FILE)
          const moved = await readFile(path, 'utf8')
          expect(moved).toContain('<!-- Phase: detailed_review -->')

          await undo.click()
          await expect(headline).toContainText('then back to Initial Feedback: you undid it.')
          await expect(undo).toHaveCount(0)
          await expect(
            page.getByTestId('phases').locator('[aria-current="step"]').first(),
          ).toContainText('Initial Feedback')
          await reviewShot(page, 'phase-undo-done', scheme)
          const undone = await readFile(path, 'utf8')

          // The CLI's `advance --to` on the same file writes exactly the same thing.
          const copy = join(app.folder, 'copy-for-the-cli.md')
          await writeFile(copy, moved)
          await run(
            process.execPath,
            [join(ROOT, 'bin', 'discussions.cjs'), 'advance', copy, '--to', 'initial_feedback'],
            {
              cwd: app.root,
              env: {
                ...process.env,
                DISCUSSIONS_CONFIG_DIR: app.configDir,
                DISCUSSIONS_STATE_DIR: join(app.root, '.state'),
              },
            },
          )
          expect(undone).toBe(await readFile(copy, 'utf8'))
          expect(undone).toContain('PHASE-TRANSITION: detailed_review -> initial_feedback')
          expect(undone).toContain('<!-- Phase: initial_feedback -->')
          expect(problems.errors).toEqual([])
        } finally {
          await app.stop()
        }
      })
    })
  }
