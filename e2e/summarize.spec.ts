/**
 * Summarize in the app, typed key by key: S (and the button) writes the `.sum.md` through the
 * engine's `summarize`, with its progress and a Cancel that writes nothing; the panel shows the
 * file through the safe markdown view, with when and by which provider it was made, and how many
 * comments came since; a discussion that already has one offers it without running anything.
 * The file the app writes is the one `discussions summarize` writes for the same answer.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { axeFindings, blocking } from './support/axe.js'
import { BIN } from './support/cli.js'
import { layoutFindings, SIZES } from './support/layout.js'
import { reviewShot, useScheme } from './support/review-shots.js'
import type { Scheme } from './support/review-shots.js'
import { AUTH_FILE, expect, openDiscussion, test } from './support/scripted-ui.js'
import type { ScriptedUi } from './support/scripted-ui.js'

const SUM_FILE = AUTH_FILE.replace(/\.md$/, '.sum.md')

/** `discussions ARGS` in the app's project, with its settings (the scripted provider). */
function discussions(app: ScriptedUi, ...args: string[]): string {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    cwd: app.root,
    encoding: 'utf8',
    env: {
      ...process.env,
      NO_COLOR: '1',
      DISCUSSIONS_CONFIG_DIR: app.configDir,
      DISCUSSIONS_STATE_DIR: join(app.root, '.state'),
      DISCUSSIONS_USER: 'Rob',
    },
  })
  if (run.status !== 0) throw new Error(`discussions ${args.join(' ')}: ${run.stderr}`)
  return run.stdout
}

/** The summary without the moment it was made, which is all two runs may differ in. */
const timeless = (text: string): string =>
  text.replace(/Generated: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/, 'Generated: <time>')

async function checkPanel(page: Page, name: string, scheme: Scheme): Promise<void> {
  const panel = page.getByRole('dialog', { name: 'Summary' })
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await expect(panel.getByTestId('summary-text')).toBeVisible()
    expect(await layoutFindings(page, '[data-testid="summary-panel"]')).toEqual([])
    expect(blocking(await axeFindings(page, '[data-testid="summary-panel"]'))).toEqual([])
    await reviewShot(page, name, scheme)
  }
}

for (const scheme of ['light', 'dark'] as const) {
  test(`S writes the summary with progress, Cancel writes nothing, and the file is the CLI's (${scheme})`, async ({
    page,
    app,
    appProblems,
  }) => {
    await useScheme(page, scheme)
    await page.setViewportSize(SIZES[0])
    const sumFile = join(app.folder, SUM_FILE)
    await openDiscussion(page, app, 'Add User Authentication')
    const button = page.getByTestId('summary-button')
    await expect(button).toHaveAccessibleName('Summarize')

    // In a field, S is a letter: the find bar takes it and nothing runs.
    await page.keyboard.press('ControlOrMeta+f')
    const find = page.getByRole('textbox', { name: 'Find in discussion' })
    await expect(find).toBeFocused()
    await page.keyboard.type('s')
    await expect(find).toHaveValue('s')
    await expect(page.getByRole('dialog', { name: 'Summary' })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(find).toBeHidden()

    // Outside a field, S asks for a summary: it runs (the scripted provider waits at its gate).
    await page.keyboard.press('s')
    const panel = page.getByRole('dialog', { name: 'Summary' })
    await expect(panel.getByRole('status')).toContainText(/Writing the summary… \d+ s/)
    await expect(button).toHaveAccessibleName('Summarizing…')
    // The answer shows as it streams in, as a turn's does.
    await expect(panel.getByTestId('summary-streaming')).toContainText(
      'Scripted answer from AI-Someone.',
    )
    await reviewShot(page, 'summary-running', scheme)
    await panel.getByRole('button', { name: 'Cancel' }).click()
    await expect(panel.getByTestId('summary-failed')).toContainText('Summary cancelled')
    await expect(panel.getByTestId('summary-failed')).toContainText('Nothing was written')
    expect(existsSync(sumFile)).toBe(false)

    // Again, and this time the provider answers.
    await panel.getByRole('button', { name: 'Summarize' }).click()
    await expect(panel.getByRole('status')).toBeVisible()
    await app.release('someone')
    const text = panel.getByTestId('summary-text')
    await expect(
      text.getByRole('heading', { name: 'Summary: Add User Authentication' }),
    ).toBeVisible()
    await expect(text).toContainText('Scripted answer from AI-Someone')
    await expect(panel.getByTestId('summary-made')).toHaveText(/^Made just now by scripted$/)
    await expect(panel.getByTestId('summary-stale')).toHaveCount(0)
    await expect(panel.getByTestId('summary-failed')).toHaveCount(0)
    await checkPanel(page, 'summary', scheme)
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(button).toHaveAccessibleName('Show summary')
    // The header keeps every control whole at both sizes, the new button included.
    for (const size of SIZES) {
      await page.setViewportSize(size)
      await expect(button).toHaveAccessibleName('Show summary')
      expect(await layoutFindings(page, '[data-testid="summary-button"]')).toEqual([])
      await reviewShot(page, 'summary-header', scheme)
    }

    // The CLI, with the same provider and answer, writes the same file (but for the time).
    const app_ = readFileSync(sumFile, 'utf8')
    expect(discussions(app, 'summarize', sumFile.replace(/\.sum\.md$/, '.md'))).toContain(
      'Summary written:',
    )
    expect(timeless(readFileSync(sumFile, 'utf8'))).toBe(timeless(app_))
    expect(appProblems.errors).toEqual([])
  })
}

test('a discussion with a summary offers it without running; the palette, ? and the count of new comments', async ({
  page,
  app,
  appProblems,
}) => {
  await useScheme(page, 'dark')
  await page.setViewportSize(SIZES[1])
  const file = join(app.folder, AUTH_FILE)
  const sumFile = join(app.folder, SUM_FILE)
  discussions(app, 'summarize', file, '--provider', 'demo')
  const written = statSync(sumFile).mtimeMs
  await openDiscussion(page, app, 'Add User Authentication')
  const button = page.getByTestId('summary-button')
  await expect(button).toHaveAccessibleName('Show summary')
  await button.click()
  const panel = page.getByRole('dialog', { name: 'Summary' })
  await expect(panel.getByTestId('summary-made')).toHaveText(
    /^Made (just now|\d+ seconds? ago) by demo$/,
  )
  await expect(panel.getByRole('status')).toHaveCount(0) // nothing runs
  expect(statSync(sumFile).mtimeMs).toBe(written)

  // Two comments later, the panel says so.
  discussions(app, 'comment', file, 'A late thought.', '--as', 'Dana')
  discussions(app, 'comment', file, 'And one more.', '--as', 'Ann')
  await expect(panel.getByTestId('summary-stale')).toHaveText(
    '2 comments added since this summary; Summarize again to include them.',
  )
  await checkPanel(page, 'summary-stale', 'dark')
  // Summarize again, by a provider chosen here: the count starts over.
  await panel.getByRole('combobox', { name: 'Summarize with' }).click()
  await page.getByRole('option', { name: 'demo' }).click()
  await panel.getByRole('button', { name: 'Summarize again' }).click()
  await expect(panel.getByTestId('summary-stale')).toHaveCount(0)
  await expect(panel.getByTestId('summary-made')).toHaveText(/^Made just now by demo$/)
  expect(readFileSync(sumFile, 'utf8')).toMatch(/ · Comments: 10\n/)
  const rewritten = statSync(sumFile).mtimeMs
  expect(rewritten).not.toBe(written)
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()

  // The palette lists it with its key, and runs it.
  await page.keyboard.press('ControlOrMeta+k')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await palette.getByRole('combobox').pressSequentially('summary')
  await expect(palette.getByRole('option').first()).toHaveAccessibleName(/^Summary: .* \(S\)$/)
  await page.keyboard.press('Enter')
  await expect(panel).toBeVisible()
  await page.keyboard.press('Escape')
  // Once the drawer has closed (under load its closing outlasts a key), the list of keys shows it.
  await expect(panel).toBeHidden()
  await page.keyboard.press('?')
  const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(keys.locator('[data-action="discussion.summarize"]')).toContainText('S')
  await page.keyboard.press('Escape')
  expect(statSync(sumFile).mtimeMs).toBe(rewritten) // showing it ran nothing
  expect(appProblems.errors).toEqual([])
})

test('a hostile .sum.md is shown as text: no HTML, no script, no remote image, no navigation', async ({
  page,
  app,
  appProblems,
}) => {
  const hostile = [
    '# Summary: Add User Authentication',
    '',
    'Source: `add-user-authentication.md` · Phase: p · Status: s · Generated: 2026-01-02T03:04:05Z · Comments: 1',
    '',
    '<script>window.__pwned = 1</script>',
    '',
    '<img src="http://127.0.0.1:9/beacon.png" onerror="window.__pwned = 2">',
    '',
    '![beacon](http://127.0.0.1:9/beacon2.png)',
    '',
    '[click me](javascript:window.__pwned=3)',
    '',
    '<iframe src="https://example.com"></iframe>',
    '',
    '_Written by <b>evil</b>._',
    '',
    '## Votes',
    '',
  ].join('\n')
  writeFileSync(join(app.folder, SUM_FILE), hostile)
  await openDiscussion(page, app, 'Add User Authentication')
  await page.getByTestId('summary-button').click()
  const panel = page.getByRole('dialog', { name: 'Summary' })
  const text = panel.getByTestId('summary-text')
  await expect(
    text.getByRole('heading', { name: 'Summary: Add User Authentication' }),
  ).toBeVisible()
  await expect(panel.getByTestId('summary-made')).toContainText('by <b>evil</b>')
  await expect(text.locator('script, img, iframe')).toHaveCount(0)
  await expect(text).toContainText('[image: beacon] (not loaded)')
  await text.getByText('click me').click()
  expect(page.url()).not.toContain('javascript')
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBe(
    undefined,
  )
  // The facts the file states of itself are shown, and "11 comments" came after its one.
  await expect(panel.getByTestId('summary-stale')).toContainText('comments added since')
  expect(appProblems.errors).toEqual([])
  expect(appProblems.cspViolations).toEqual([])
})
