import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, openDiscussion, test } from './support/scripted-ui.js'
import { typeInto } from './support/person.js'

test('edit a persona: live validation, saved as YAML to the user folder', async ({
  page,
  app,
  appProblems,
}) => {
  await page.goto(app.url)
  await page.getByRole('button', { name: 'Participants' }).click()
  const manager = page.getByRole('dialog', { name: 'Participants' })
  const architect = manager.getByRole('button', { name: 'Persona architect' })
  await expect(architect).toContainText('bundled')
  await architect.click()
  await expect(manager.getByTestId('persona-origin')).toContainText('personas/architect.yaml')
  const name = manager.getByLabel('Name', { exact: true })
  await expect(name).toHaveValue('AI-Architect')

  // A human-looking name would let the persona's READY pass for a human's: refused as typed.
  await typeInto(name, 'Chen')
  await expect(manager.getByText('must start with "AI-"')).toBeVisible()
  await expect(manager.getByRole('button', { name: 'Save persona' })).toBeDisabled()
  await typeInto(manager.getByLabel('Alias', { exact: true }), 'Bad Alias')
  await expect(manager.getByText('must start with a lowercase letter')).toBeVisible()
  await typeInto(manager.getByLabel('Alias', { exact: true }), 'architect')
  await typeInto(name, 'AI-Chen')
  await typeInto(manager.getByLabel('Role', { exact: true }), 'Chief Architect')
  await expect(manager.getByRole('button', { name: 'Save persona' })).toBeEnabled()
  await manager.getByRole('button', { name: 'Save persona' }).click()

  await expect(manager.getByTestId('persona-saved')).toContainText('Created @architect')
  await expect(architect).toContainText('user')
  await expect(architect).toContainText('AI-Chen')
  const saved = await readFile(join(app.configDir, 'personas', 'architect.yaml'), 'utf8')
  expect(saved).toContain('name: AI-Chen')
  expect(saved).toContain('role: Chief Architect')
  expect(saved).toContain('personality: |')
  expect(appProblems.errors).toEqual([])
  expect(appProblems.cspViolations).toEqual([])
})

test('providers: see them, test one, make the demo the default and see the banner', async ({
  page,
  app,
}) => {
  await app.release() // the scripted provider answers at once
  await openDiscussion(page, app, 'Add User Authentication')
  await expect(page.getByTestId('demo-banner')).toHaveCount(0)
  await page.getByRole('button', { name: 'Providers' }).click()
  const view = page.getByRole('dialog', { name: 'Providers' })
  const scripted = view.locator('[data-provider="scripted"]')
  await expect(scripted.getByTestId('default-badge')).toBeVisible()
  await expect(scripted).toContainText('usable')
  await scripted.getByRole('button', { name: 'Test' }).click()
  await expect(view.getByTestId('provider-test-result')).toContainText('Scripted answer')

  await view.locator('[data-provider="demo"]').getByRole('button', { name: 'Make default' }).click()
  await expect(view.locator('[data-provider="demo"]').getByTestId('default-badge')).toBeVisible()
  await expect(view.getByTestId('providers-demo')).toBeVisible()
  const settings = await readFile(join(app.configDir, 'discussions.yaml'), 'utf8')
  expect(settings).toMatch(/providers:\n\s+default: demo/)

  await page.keyboard.press('Escape')
  await page.keyboard.press('r')
  const banner = page.getByTestId('demo-banner')
  await expect(banner).toBeVisible()
  await banner.getByRole('button', { name: 'Choose a provider' }).click()
  await expect(view).toBeVisible()
  await view
    .locator('[data-provider="scripted"]')
    .getByRole('button', { name: 'Make default' })
    .click()
  await expect(scripted.getByTestId('default-badge')).toBeVisible()
})

test('a project that brings its own providers asks to be trusted first', async ({ page, app }) => {
  await writeFile(
    join(app.root, 'providers.yaml'),
    `providers:\n  - name: project-tool\n    command: ${JSON.stringify([process.execPath, '--version'])}\n`,
  )
  await page.goto(app.url)
  await page.getByRole('button', { name: 'Providers' }).click()
  const view = page.getByRole('dialog', { name: 'Providers' })
  const prompt = view.getByTestId('trust-prompt')
  await expect(prompt).toContainText('providers.yaml')
  const tool = view.locator('[data-provider="project-tool"]')
  await expect(tool).toContainText('project (untrusted)')
  await expect(tool).toContainText('not usable')
  await prompt.getByRole('button', { name: 'Trust this project' }).click()
  await expect(prompt).toHaveCount(0)
  await expect(tool).not.toContainText('untrusted')
  await expect(tool).not.toContainText('not usable')
  await expect(tool).toContainText('is executable')
  const trusted = await readFile(join(app.configDir, 'trusted-projects.json'), 'utf8')
  expect(trusted).toContain(app.root.split('/').pop())
})
