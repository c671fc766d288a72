/**
 * Streaming stays smooth in a long thread: three personas stream into a 200-comment discussion
 * and into an empty one while the page counts frames (requestAnimationFrame) and long tasks
 * (PerformanceObserver 'longtask'). The long thread keeps at least 90 % of the empty one's frame
 * rate, and (on a quiet machine, FRAMES_STRICT=1) no task takes over 100 ms. The figures are
 * printed for the record.
 */
/// <reference lib="dom" />
import { rm } from 'node:fs/promises'
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { featureDiscussion } from './support/feature-discussion.js'
import { SIZES } from './support/layout.js'
import { expect, openDiscussion, startScriptedUi, test as base } from './support/scripted-ui.js'
import type { ScriptedUi } from './support/scripted-ui.js'
import { exampleFolder } from './support/ui-server.js'

const header = (title: string): string => featureDiscussion(title)

const AUTHORS = ['AI-Architect', 'AI-Security', 'AI-Pragmatist', 'Rob']
function longThread(): string {
  const comments: string[] = []
  for (let i = 0; i < 200; i++)
    comments.push(
      [
        `Name: ${AUTHORS[i % AUTHORS.length]}`,
        '',
        `Comment ${i + 1}: the session store needs a review of its **expiry** rules, and the login`,
        'audit trail should say who changed a role and when. See `auth_events` for the table.',
        '',
        i % 5 === 0 ? `Q: Who owns point ${i + 1}?` : `DECISION: Point ${i + 1} stays as proposed.`,
        '',
        `VOTE: ${i % 3 === 0 ? 'CHANGES' : 'READY'}`,
        '',
        '---',
        '',
      ].join('\n'),
    )
  return header('Long Thread') + comments.join('\n')
}

interface Frames {
  fps: number
  longest: number
  longTasks: number
  seconds: number
}

/** Starts counting frames and long tasks in the page. */
async function startCounting(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: { count: number; start: number; tasks: number[] } }
    w.__frames = { count: 0, start: performance.now(), tasks: [] }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__frames.tasks.push(entry.duration)
    }).observe({ type: 'longtask', buffered: false })
    const tick = (): void => {
      w.__frames.count++
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
}

async function stopCounting(page: Page): Promise<Frames> {
  return page.evaluate(() => {
    const w = window as unknown as { __frames: { count: number; start: number; tasks: number[] } }
    const seconds = (performance.now() - w.__frames.start) / 1000
    return {
      fps: w.__frames.count / seconds,
      longest: Math.max(0, ...w.__frames.tasks),
      longTasks: w.__frames.tasks.length,
      seconds,
    }
  })
}

const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures this one needs from it
  app: async ({}, use) => {
    const ui = await startScriptedUi({
      folder: await exampleFolder(
        { 'long.md': longThread(), 'empty.md': header('Empty Thread') },
        false,
      ),
    })
    await use(ui)
    await ui.stop()
  },
})

/** Three personas stream their answers into `title` while frames are counted. */
async function streamInto(page: Page, app: ScriptedUi, title: string): Promise<Frames> {
  await openDiscussion(page, app, title)
  await page.keyboard.press('t')
  const dialog = page.getByRole('dialog', { name: 'Run turn' })
  await dialog.getByRole('button', { name: 'All participants' }).click()
  await dialog.getByLabel('Callout').pressSequentially('Stream, please.')
  await dialog.getByRole('button', { name: 'Start turn (3)' }).click()
  await expect(dialog).toBeHidden()
  await startCounting(page)
  const cards = page.getByTestId('comment-list').locator('[data-testid="pending-answer"]')
  await expect(cards).toHaveCount(3)
  await expect(cards.filter({ has: page.getByTestId('turn-stream') })).toHaveCount(3)
  await app.release()
  await expect(page.getByTestId('turn-headline')).toContainText('Turn finished', {
    timeout: 30_000,
  })
  const frames = await stopCounting(page)
  // Closes the gate again, so the next turn's answers wait for their own release.
  await rm(join(app.root, 'gate', 'all'))
  return frames
}

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size })

    test("a long thread streams at 90 % of an empty one's frame rate, no task over 100 ms", async ({
      page,
      app,
    }) => {
      test.setTimeout(120_000)
      const empty = await streamInto(page, app, 'Empty Thread')
      const long = await streamInto(page, app, 'Long Thread')
      const figures = `empty ${empty.fps.toFixed(1)} fps, longest task ${empty.longest.toFixed(0)} ms (${empty.longTasks} long) · 200 comments ${long.fps.toFixed(1)} fps, longest task ${long.longest.toFixed(0)} ms (${long.longTasks} long) · ratio ${(long.fps / empty.fps).toFixed(2)}`
      console.log(`[frames ${size.width}x${size.height}] ${figures}`)
      test.info().annotations.push({ type: 'frames', description: figures })
      expect(long.fps / empty.fps).toBeGreaterThanOrEqual(0.9)
      // A task's length depends on the machine's load as much as on the page (on a shared
      // machine even the empty thread shows tasks of several hundred ms), so the 100 ms bound is
      // checked only on a quiet machine: FRAMES_STRICT=1.
      if (process.env.FRAMES_STRICT) expect(long.longest).toBeLessThanOrEqual(100)
    })
  })
}
