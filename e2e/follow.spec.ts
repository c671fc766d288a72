import { appendFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { expectFullyInList, SIZES } from './support/layout.js'
import { expect, openDiscussion, test } from './support/scripted-ui.js'

const TITLE = 'Long Rollout Thread'

/** A discussion long enough that its end is far below the fold. */
function longThread(comments: number): string {
  const blocks = Array.from({ length: comments }, (_, i) => {
    const author = i % 2 === 0 ? 'AI-Architect' : 'Rob'
    const lines = Array.from(
      { length: 3 + (i % 4) },
      (__, j) => `Point ${j + 1} of comment ${i + 1}.`,
    )
    return `Name: ${author}\n\nComment number ${i + 1}.\n\n${lines.join('\n')}\n\n---\n`
  })
  return `<!-- DISCUSSION -->
<!-- Title: ${TITLE} -->
<!-- Phase: detailed_review -->
<!-- Status: OPEN -->
<!-- Created: 2026-11-20T09:00:00Z -->
<!-- Template: feature -->
<!-- Participants: architect, security -->

# ${TITLE}

## Context

A thread long enough to scroll.

---

${blocks.join('\n')}`
}

const scrollTop = (page: Page): Promise<number> =>
  page.getByTestId('comment-list').evaluate((element) => element.scrollTop)

async function startTurn(page: Page, callout: string): Promise<void> {
  await page.keyboard.press('t')
  const dialog = page.getByRole('dialog', { name: 'Run turn' })
  await dialog.getByRole('button', { name: 'All participants' }).click()
  await dialog.getByLabel('Callout').pressSequentially(callout)
  await dialog.getByRole('button', { name: 'Start turn (2)' }).click()
  await expect(dialog).toBeHidden()
}

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size })

    test('following the end, the New answers pill, End, and reopening where the person left off', async ({
      page,
      app,
      appProblems,
    }) => {
      await writeFile(join(app.folder, 'long-thread.md'), longThread(40))
      await openDiscussion(page, app, TITLE)
      const list = page.getByTestId('comment-list')
      const comment = (n: number) => list.locator(`[data-comment-index="${n - 1}"]`)
      // A first open starts at the top.
      await expect(comment(1)).toBeInViewport()

      // End jumps to the latest comment, wholly in view.
      await list.click({ position: { x: 5, y: 5 } })
      await page.keyboard.press('End')
      await expectFullyInList(page, comment(40))

      // A turn: the list follows the end while answers stream in.
      await startTurn(page, 'Is the plan safe now?')
      const card = (alias: string) =>
        list.locator(`[data-testid="pending-answer"][data-participant="${alias}"]`)
      await expect(card('security')).toHaveAttribute('data-state', 'streaming')
      await expectFullyInList(page, page.getByTestId('turn-summary'))

      // The person scrolls up to read: the list stays there; new answers show a pill.
      await list.hover()
      await page.mouse.wheel(0, -1500)
      await expect
        .poll(() => scrollTop(page))
        .toBeLessThan(await list.evaluate((e) => e.scrollHeight - e.clientHeight - 600))
      const readingAt = await scrollTop(page)
      await expect(page.getByTestId('new-answers')).toHaveCount(0)
      await app.release()
      await expect(page.getByTestId('new-answers')).toBeVisible()
      await expect(page.getByTestId('new-answers')).toHaveText(/New answers/)
      expect(Math.abs((await scrollTop(page)) - readingAt)).toBeLessThan(40)

      // The pill jumps to the end: the newest answer is fully in view and the pill goes.
      await page.getByTestId('new-answers').click()
      // The newest is the later of the two answers (comment 42), whichever persona that was:
      // both are released at once, and either may be written last.
      const newest = comment(42)
      await expectFullyInList(page, newest)
      await expect(newest).toContainText('Scripted answer from AI-')
      await expect(page.getByTestId('turn-headline')).toContainText('Turn finished')
      await expect(page.getByTestId('new-answers')).toHaveCount(0)

      // Reading comment 12, leaving and coming back reopens there.
      await page.getByRole('button', { name: "Dismiss the turn's summary" }).click()
      await list.evaluate((element) => (element.scrollTop = 0))
      await expect(comment(1)).toBeInViewport()
      const target = comment(12)
      await list.hover()
      while (!(await target.isVisible())) await page.mouse.wheel(0, 400)
      await target.evaluate((element) => element.scrollIntoView({ block: 'start' }))
      await page.waitForTimeout(400) // the position is saved a moment after scrolling stops
      await page.getByRole('button', { name: 'Back to the discussions' }).click()
      await page.getByRole('link', { name: `Open ${TITLE}` }).click()
      await expect(comment(12)).toBeInViewport()
      await expect(comment(1)).not.toBeInViewport()

      // Comments added while away: it reopens at the first new one.
      await page.getByRole('button', { name: 'Back to the discussions' }).click()
      await appendFile(
        join(app.folder, 'long-thread.md'),
        '\nName: Alice\n\nAdded while you were away.\n\n---\n',
      )
      await page.reload()
      await page.getByRole('link', { name: `Open ${TITLE}` }).click()
      await expect(list.getByText('Added while you were away.')).toBeInViewport()
      expect(appProblems.errors).toEqual([])
    })
  })
}
