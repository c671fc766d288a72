// The pictures of reading and writing a discussion, at the two window sizes the app is checked
// at: the discussion's own text above a comment with four marker lines, and the composer with
// text typed into it. Run on demand:
//   SCREENSHOTS=1 npx playwright test e2e/screenshots-reading.spec.ts
import { join } from 'node:path'

import { testWithUi } from './support/fixtures.js'
import { exampleFolder, ROOT, startUi } from './support/ui-server.js'

const OUT = join(ROOT, 'docs', 'screenshots')

const ROLLOUT = `<!-- DISCUSSION -->
<!-- Title: Staged Rollout of the New Login -->
<!-- Phase: initial_feedback -->
<!-- Status: OPEN -->
<!-- Created: 2026-11-21T09:00:00Z -->
<!-- Template: feature -->
<!-- Participants: architect, security, pragmatist -->

# Staged Rollout of the New Login

## Context

The new login (sessions in PostgreSQL, TOTP for admins) is ready behind a feature flag. We want
to move every customer over **without a forced logout** and with a way back.

## Requirements

- [ ] Turn it on per customer, then for everyone
- [ ] Old sessions keep working until they expire
- [ ] One switch to roll back

## Open Questions

- How long do we keep the old session store?

---

Name: AI-Security

The plan is sound; four things before the first customer moves.

Q: Who can flip the per-customer flag, and is that change in the audit trail?
CONCERN: Old sessions never expire if "remember me" was ticked; cap them at 30 days.
TODO: Write the rollback runbook and rehearse it once on staging.
DECISION: TOTP enrolment is required before an admin moves over.

VOTE: CHANGES

---
`

const test = testWithUi(async () => startUi(await exampleFolder({ 'rollout.md': ROLLOUT })))
const { expect } = test

for (const size of [
  { width: 1024, height: 700 },
  { width: 1400, height: 900 },
]) {
  test.describe(`${size.width}x${size.height}`, () => {
    test.use({ viewport: size })

    test('a discussion with its body and marker lines; the composer with typed text', async ({
      page,
    }) => {
      test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write docs/screenshots/')
      await page.addInitScript(() => localStorage.setItem('mantine-color-scheme-value', 'light'))
      await page.goto('/')
      await page.getByRole('link', { name: 'Open Staged Rollout of the New Login' }).click()
      const card = page.locator('[data-comment-index="0"]')
      await expect(card.locator('.od-marker-block:not(.od-marker-vote)')).toHaveCount(4)
      await expect(page.getByTestId('discussion-body')).toBeVisible()
      // The end of the body and the whole comment: scroll so the comment's last line shows.
      await card.evaluate((element) => element.scrollIntoView({ block: 'end' }))
      await page.mouse.move(size.width - 1, size.height - 1)
      await page.waitForTimeout(300)
      await page.screenshot({ path: join(OUT, `discussion-body-${size.width}.png`) })

      await page.getByRole('button', { name: 'Comment', exact: true }).click()
      const composer = page.getByRole('dialog', { name: 'Add a comment' })
      await expect(composer.getByLabel('Comment')).toBeFocused()
      await page.keyboard.type(
        'Agreed on the cap.\n\nQ: do we tell customers before their day?\nTODO: draft the notice.\n\n@pragmatist is 30 days too short?',
      )
      await composer.getByText('CHANGES', { exact: true }).click()
      await page.waitForTimeout(300)
      await page.screenshot({ path: join(OUT, `composer-typed-${size.width}.png`) })
    })
  })
}
