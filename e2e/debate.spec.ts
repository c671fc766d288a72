// The debate view: an escalated debate (the demo provider, one round, a run-off left undecided)
// shows the weighted approval bars, the critiques by severity, a revision as a diff and the
// decision controls; accepting a proposal decides it. SCREENSHOTS=1 also writes
// docs/screenshots/debate-{light,dark}.png.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

import { expect, test } from '@playwright/test'

import { exampleFolder, ROOT, startUi } from './support/ui-server.js'

const BIN = join(ROOT, 'bin', 'discussions.cjs')

async function escalatedDebate(): Promise<string> {
  const folder = await exampleFolder({}, false)
  const root = join(folder, '..')
  const env = {
    ...process.env,
    DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_USER: 'Rob',
  }
  const run = (...args: string[]): void => {
    const result = spawnSync(process.execPath, [BIN, ...args], { cwd: root, env, encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${args.join(' ')}: ${result.stderr}`)
  }
  const context = 'Two app instances behind a load balancer need shared sessions.'
  run(
    'debate',
    'new',
    'Session storage',
    '--context',
    context,
    '--max-rounds',
    '1',
    '--dir',
    folder,
  )
  run('debate', 'run', join(folder, 'session-storage.md'), '--provider', 'demo')
  return folder
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the debate view of an escalated debate, and the decision, ${scheme}`, async ({ page }) => {
    test.skip(scheme === 'dark' && !process.env.SCREENSHOTS, 'the dark one only for screenshots')
    test.setTimeout(150_000) // the demo debate is run through the CLI first
    const ui = await startUi(await escalatedDebate())
    try {
      await page.addInitScript(
        (value) => localStorage.setItem('mantine-color-scheme-value', value),
        scheme,
      )
      await page.goto(ui.url)
      await page.getByRole('link', { name: 'Open Session storage' }).click()
      const view = page.getByTestId('debate-view')
      await expect(view.getByText('Escalated after 1 round: you decide')).toBeVisible()
      const tally = view.getByTestId('tally-round-1')
      await expect(tally.locator('[data-proposal="P1"]')).toHaveAttribute('data-state', 'below')
      await expect(tally.locator('[data-proposal="P2"]')).toHaveAttribute('data-state', 'passes')
      await expect(tally.locator('[data-proposal="P3"]')).toHaveAttribute('data-state', 'passes')
      await expect(view.getByTestId('proposal-P1').getByText('blocking (1)')).toBeVisible()
      await expect(view.getByLabel('Changes to P1')).toContainText(
        '+ - Validate every external input',
      )
      if (process.env.SCREENSHOTS) {
        await page.mouse.move(0, 799)
        await page.waitForTimeout(300)
        await page.screenshot({ path: join(ROOT, 'docs', 'screenshots', `debate-${scheme}.png`) })
        // Scrolled to the proposals: critiques by severity and the revision as a diff.
        await view.getByTestId('proposal-P1').evaluate((card) => card.scrollIntoView())
        await page.waitForTimeout(300)
        await page.screenshot({
          path: join(ROOT, 'docs', 'screenshots', `debate-proposals-${scheme}.png`),
        })
      }
      await view.getByLabel('Proposal in play').click()
      await expect(page.getByRole('option')).toHaveText(['P2', 'P3']) // the run-off's, not P1
      await page.getByRole('option', { name: 'P3' }).click()
      // Why, first: without a reason the decision is refused in words under the field.
      await view.getByRole('button', { name: 'Accept P3' }).click()
      await expect(
        view.getByText('The reason is empty. Type a few words; spaces alone do not count.'),
      ).toBeVisible()
      await view.getByLabel('Why (kept in the file)').pressSequentially('Smallest change first.')
      await view.getByRole('button', { name: 'Accept P3' }).click()
      await expect(view.getByText('decided: Rob accepted P3')).toBeVisible()
    } finally {
      await ui.stop()
    }
  })
}
