import { execFile } from 'node:child_process'
import { appendFile, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

import { AUTH_FILE, expect, openDiscussion, test } from './support/scripted-ui.js'
import { ROOT } from './support/ui-server.js'

test('a change made outside the app appears without a refresh', async ({ page, app }) => {
  await openDiscussion(page, app, 'Add User Authentication')
  const count = await page.locator('[data-comment-index]').count()
  expect(count).toBeGreaterThan(0)
  await expect(page.getByText(/· 8 comments/)).toBeVisible()
  // A person appends a comment in their editor (or a CLI turn runs in a terminal).
  await appendFile(
    join(app.folder, AUTH_FILE),
    '\nName: Alice\n\nWritten in my editor, not in the app.\n\nVOTE: READY\n\n---\n',
  )
  await expect(page.getByText(/· 9 comments/)).toBeVisible()
  await expect(
    page.getByTestId('participants').locator('[data-participant="Alice"]'),
  ).toContainText('READY')
})

test('an older copy saved over answers: they are restored at the end and the user is told', async ({
  page,
  app,
}) => {
  const path = join(app.folder, AUTH_FILE)
  const old = await readFile(path, 'utf8') // an editor opened the file before the turn
  await openDiscussion(page, app, 'Add User Authentication')
  await app.release()
  await page.keyboard.press('t')
  const dialog = page.getByRole('dialog', { name: 'Run turn' })
  await dialog.getByRole('button', { name: 'None' }).click()
  await dialog.getByText('@architect', { exact: true }).click()
  await dialog.getByText('@security', { exact: true }).click()
  await dialog.getByRole('button', { name: 'Start turn (2)' }).click()
  await expect(page.getByTestId('turn-headline')).toContainText('Turn finished')
  await expect(page.getByText(/· 10 comments/)).toBeVisible()

  // The editor saves its old buffer, with the person's own addition, over the two answers.
  const edited = `${old}\nName: Rob\n\nA note typed in the editor meanwhile.\n\n---\n`
  await writeFile(path, edited)

  await expect(page.getByText('Lost answers restored')).toBeVisible()
  const notice = page.getByText(/2 comments \(AI-\w+, AI-\w+\) appended again/)
  await expect(notice).toContainText('AI-Architect')
  await expect(notice).toContainText('AI-Security')
  const text = await readFile(path, 'utf8')
  expect(text.startsWith(edited)).toBe(true)
  const after = text.slice(edited.length)
  expect(after).toMatch(
    /Name: AI-Architect\n\n(?:<!-- usage: .* -->\n\n)?Scripted answer from AI-Architect\.[\s\S]*VOTE: READY/,
  )
  expect(after).toMatch(
    /Name: AI-Security\n\n(?:<!-- usage: .* -->\n\n)?Scripted answer from AI-Security\.[\s\S]*VOTE: CHANGES/,
  )
  await expect(page.getByText(/· 11 comments/)).toBeVisible()
})

test('answers a terminal wrote are restored too', async ({ page, app }) => {
  const path = join(app.folder, AUTH_FILE)
  const old = await readFile(path, 'utf8')
  await openDiscussion(page, app, 'Add User Authentication')
  // `discussions comment` in a terminal, with the same user config and state folders as the app.
  const root = join(app.folder, '..')
  await promisify(execFile)(
    process.execPath,
    [
      join(ROOT, 'bin', 'discussions.cjs'),
      'comment',
      path,
      '--author',
      'AI-Bot',
      'From a terminal.',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
        DISCUSSIONS_STATE_DIR: join(root, '.state'),
      },
    },
  )
  await expect(page.getByText(/· 9 comments/)).toBeVisible()
  await writeFile(path, old)
  await expect(page.getByText(/1 comment \(AI-Bot\) appended again/)).toBeVisible()
  expect((await readFile(path, 'utf8')).slice(old.length)).toContain(
    'Name: AI-Bot\n\nFrom a terminal.',
  )
})
