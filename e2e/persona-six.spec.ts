/**
 * The persona editor keeps a person's work: switching persona with unsaved edits asks first,
 * Revert returns to what was saved, a provider hint that names no configured provider is warned
 * about, and saving says so inside the dialog (not in a toast behind its overlay) with the saved
 * persona still selected.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { axeFindings, blocking } from './support/axe.js'
import { layoutFindings, SIZES } from './support/layout.js'
import { typeInto } from './support/person.js'
import { reviewShot, useScheme } from './support/review-shots.js'
import { expect, test } from './support/scripted-ui.js'

for (const scheme of ['light', 'dark'] as const)
  for (const size of SIZES) {
    test.describe(`at ${size.width}x${size.height}, ${scheme}`, () => {
      test.use({ viewport: size })

      test('asks before dropping edits, reverts, warns about an unknown provider, saves in view', async ({
        page,
        app,
        appProblems,
      }) => {
        await useScheme(page, scheme)
        await page.goto(app.url)
        await page.getByRole('button', { name: 'Participants' }).click()
        const manager = page.getByRole('dialog', { name: 'Participants' })
        const architect = manager.getByRole('button', { name: 'Persona architect' })
        const security = manager.getByRole('button', { name: 'Persona security' })
        await architect.click()
        const role = manager.getByLabel('Role', { exact: true })
        await expect(manager.getByLabel('Name', { exact: true })).toHaveValue('AI-Architect')
        const original = await role.inputValue()

        // The bundled hint names a provider this machine does not have: a warning, in words.
        const warning = manager.getByTestId('provider-hint-warning')
        await expect(warning).toContainText('No provider named “claude-sonnet” is configured')
        await typeInto(manager.getByLabel('Provider hint', { exact: true }), 'scripted')
        await expect(warning).toHaveCount(0)

        // Unsaved edits: switching persona asks, and keeping them is the default.
        await typeInto(role, 'Chief Architect')
        await security.click()
        const ask = page.getByRole('dialog', { name: 'Discard your changes?' })
        await expect(ask).toContainText('Your changes to @architect are not saved')
        await reviewShot(page, 'six-persona-discard-ask', scheme)
        expect(blocking(await axeFindings(page, '[data-testid="discard-changes"]'))).toEqual([])
        await page.keyboard.press('Escape')
        await expect(ask).toHaveCount(0)
        await expect(role).toHaveValue('Chief Architect')

        // Revert returns to what was saved.
        await manager.getByRole('button', { name: 'Revert' }).click()
        await expect(role).toHaveValue(original)
        await expect(manager.getByRole('button', { name: 'Revert' })).toBeDisabled()

        // Discarding lets the switch happen.
        await typeInto(role, 'Chief Architect')
        await security.click()
        await ask.getByRole('button', { name: 'Discard changes' }).click()
        await expect(manager.getByLabel('Name', { exact: true })).toHaveValue('AI-Security')

        // Saved: said inside the dialog, the persona still selected.
        await architect.click()
        await typeInto(role, 'Chief Architect')
        await typeInto(manager.getByLabel('Provider hint', { exact: true }), 'scripted')
        await manager.getByRole('button', { name: 'Save persona' }).click()
        const saved = manager.getByTestId('persona-saved')
        await expect(saved).toContainText('Created @architect: saved to')
        await expect(saved).toBeInViewport()
        await expect(architect).toHaveAttribute('data-active', 'true')
        await expect(architect).toContainText('user')
        await expect(role).toHaveValue('Chief Architect')
        await expect(manager.getByRole('button', { name: 'Revert' })).toBeDisabled()
        await page.mouse.move(0, size.height - 1)
        await reviewShot(page, 'six-persona-saved', scheme)
        expect(await layoutFindings(page, '[role="dialog"]')).toEqual([])
        expect(blocking(await axeFindings(page, '[role="dialog"]'))).toEqual([])
        const file = await readFile(join(app.configDir, 'personas', 'architect.yaml'), 'utf8')
        expect(file).toContain('role: Chief Architect')
        expect(file).toContain('provider_hint: scripted')

        // Delete: asked first; the file goes and the bundled persona shows again.
        await manager.getByRole('button', { name: 'Delete persona…' }).click()
        await expect(manager.getByTestId('persona-delete')).toContainText('Delete @architect')
        await manager.getByRole('button', { name: 'Delete for good' }).click()
        await expect(manager.getByTestId('persona-deleted')).toContainText('Deleted @architect')
        await expect(architect).toContainText('bundled')
        await expect(readFile(join(app.configDir, 'personas', 'architect.yaml'))).rejects.toThrow()
        await reviewShot(page, 'six-persona-deleted', scheme)
        // A bundled persona offers no delete.
        await architect.click()
        await expect(manager.getByRole('button', { name: 'Delete persona…' })).toHaveCount(0)
        expect(appProblems.errors).toEqual([])
      })
    })
  }
