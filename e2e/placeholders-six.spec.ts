/**
 * New discussions keep no template hints: created from the dialog, key by key, a feature
 * discussion has no "[Requirement 1]" and no empty Context section, and a debate without a
 * context shows its own question. The folded "About this discussion" ends between blocks: no
 * line and no heading is sliced by the fold.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { axeFindings, blocking } from './support/axe.js'
import { expect, test } from './support/fixtures.js'
import { layoutFindings, SIZES } from './support/layout.js'
import { reviewShot, useScheme } from './support/review-shots.js'

async function create(page: Page, template: RegExp, title: string): Promise<void> {
  await page.goto('/')
  await page.getByRole('button', { name: 'New discussion' }).click()
  const dialog = page.getByRole('dialog', { name: 'New discussion' })
  await dialog.getByRole('combobox', { name: 'Template' }).click()
  await page.getByRole('option', { name: template }).click()
  const field = template.source.includes('debate')
    ? dialog.getByLabel('What should the debate decide?')
    : dialog.getByLabel('Title')
  await field.pressSequentially(title)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('discussion-title')).toHaveText(title)
}

/** What the fold cuts: the blocks that straddle it, and whether the last one shown is a heading. */
async function foldCuts(page: Page): Promise<{ sliced: string[]; endsOnHeading: boolean }> {
  return page.getByTestId('discussion-body').evaluate((section) => {
    const content = section.querySelector<HTMLElement>('.mantine-Spoiler-content')
    const markdown = section.querySelector<HTMLElement>('[data-markdown]')
    if (!content || !markdown) return { sliced: ['no fold'], endsOnHeading: false }
    const fold = content.getBoundingClientRect().bottom
    const sliced: string[] = []
    let last: Element | null = null
    for (const block of markdown.children) {
      const rect = block.getBoundingClientRect()
      if (rect.top < fold - 1 && rect.bottom > fold + 1)
        sliced.push(`${block.tagName} "${(block.textContent ?? '').slice(0, 40)}"`)
      if (rect.bottom <= fold + 1) last = block
    }
    return { sliced, endsOnHeading: Boolean(last && /^H[1-6]$/.test(last.tagName)) }
  })
}

for (const scheme of ['light', 'dark'] as const)
  for (const size of SIZES) {
    test.describe(`at ${size.width}x${size.height}, ${scheme}`, () => {
      test.use({ viewport: size })

      test('a new feature discussion and a new debate keep no template hints', async ({
        page,
        ui,
        problems,
      }) => {
        await useScheme(page, scheme)
        const title = `Hints gone ${size.width} ${scheme}`
        await create(page, /feature/i, title)
        const body = page.getByTestId('discussion-body')
        await expect(page.getByTestId('discussion-title')).toBeVisible()
        await expect(page.getByText('[Requirement 1]')).toHaveCount(0)
        await expect(page.getByText('Describe what is being discussed')).toHaveCount(0)
        const slug = title.toLowerCase().replace(/\s+/g, '-')
        const text = await readFile(join(ui.folder, `${slug}.md`), 'utf8')
        expect(text).not.toMatch(/\[(Requirement|Question|Constraint) \d\]/)
        expect(text).not.toMatch(/^## Context\s*$/m)
        if ((await body.count()) > 0) await expect(body).not.toContainText('[')
        await reviewShot(page, 'six-placeholders-feature', scheme)

        const question = `Which queue at ${size.width} ${scheme}`
        await create(page, /debate/i, question)
        await expect(page.getByText('Describe what is being discussed')).toHaveCount(0)
        await expect(page.getByTestId('discussion-body')).toContainText(question)
        await reviewShot(page, 'six-placeholders-debate', scheme)
        expect(problems.errors).toEqual([])
      })

      test('the folded About card ends between blocks', async ({ page }) => {
        await useScheme(page, scheme)
        await page.goto('/')
        await page.getByRole('link', { name: 'Open Brainstorm: Notification System' }).click()
        const body = page.getByTestId('discussion-body')
        await expect(body.getByRole('button', { name: 'Show all' })).toBeVisible()
        expect(await foldCuts(page)).toEqual({ sliced: [], endsOnHeading: false })
        await reviewShot(page, 'six-placeholders-about-folded', scheme)
        expect(await layoutFindings(page, '[data-testid="discussion-body"]')).toEqual([])
        expect(blocking(await axeFindings(page, '[data-testid="discussion-body"]'))).toEqual([])
        await body.getByRole('button', { name: 'Show all' }).click()
        await expect(body.getByRole('button', { name: 'Show less' })).toBeVisible()
      })
    })
  }
