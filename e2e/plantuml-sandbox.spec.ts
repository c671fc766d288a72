// Opening a discussion full of hostile PlantUML in the real UI (browser mode, Debian's Chromium)
// renders them with the app's sandboxed PlantUML: nothing reaches a loopback canary, no local
// file or environment value appears on the page, and the safe diagrams beside them still draw.
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { startCanary } from '../test/support/canary.js'
import type { Canary } from '../test/support/canary.js'
import { hostileDiagrams, leakedValues, SAFE_DIAGRAMS } from '../test/support/plantuml-corpus.js'
import { expect, testWithUi } from './support/fixtures.js'
import { exampleFolder, startUi } from './support/ui-server.js'

const SECRET = `secret-${randomBytes(8).toString('hex')}`
const PER_COMMENT = 12
let canary: Canary
let hostileCount = 0
let safeCount = 0

function discussion(comments: string[]): string {
  const blocks = comments.map((body) => `Name: AI-Mallory\n${body}\n\n---\n`).join('\n')
  return `<!-- DISCUSSION -->
<!-- Title: Hostile Diagrams -->
<!-- Phase: initial_feedback -->
<!-- Status: OPEN -->
<!-- Created: 2026-11-20T09:00:00Z -->
<!-- Template: feature -->
<!-- Participants: architect -->

# Hostile Diagrams

## Context

Someone else's repository.

---

${blocks}`
}

const test = testWithUi(async () => {
  canary = await startCanary()
  const folder = await exampleFolder({}, false)
  const secretFile = join(folder, '..', 'secret.txt')
  await writeFile(secretFile, `${SECRET}\n`)
  // Every named attack, and a line continued at a few positions of each kind.
  const all = hostileDiagrams(canary.url, secretFile)
  const hostile = all.filter(
    ({ name }) => !name.startsWith('continued') || / split at (3|9|15)$/.test(name),
  )
  hostileCount = hostile.length
  safeCount = SAFE_DIAGRAMS.length
  await mkdir(join(folder, 'diagrams'))
  const refs: string[] = []
  for (const [index, { source }] of [...hostile, ...SAFE_DIAGRAMS].entries()) {
    const ref = `diagrams/${index < hostile.length ? 'hostile' : 'safe'}-${index}.puml`
    await writeFile(join(folder, ref), source)
    refs.push(ref)
  }
  const comments: string[] = []
  for (let i = 0; i < refs.length; i += PER_COMMENT)
    comments.push(
      `Diagrams ${i + 1} to ${Math.min(refs.length, i + PER_COMMENT)}.\n\n${refs
        .slice(i, i + PER_COMMENT)
        .map((ref) => `DIAGRAM: ${ref}`)
        .join('\n')}`,
    )
  await writeFile(join(folder, 'hostile.md'), discussion(comments))
  process.env.DISCUSSIONS_CANARY_SECRET = SECRET
  const ui = await startUi(folder)
  delete process.env.DISCUSSIONS_CANARY_SECRET
  return {
    ...ui,
    stop: async () => {
      await ui.stop()
      await canary.close()
    },
  }
})

/** Every picture on the page, decoded from its data: URL. */
async function shownSvgs(page: Page): Promise<string[]> {
  const sources = await page
    .getByTestId('diagram-thumbnail')
    .locator('img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''))
  return sources.map((src) => Buffer.from(src.split(',')[1] ?? '', 'base64').toString('utf8'))
}

test('opening a discussion of hostile diagrams sends nothing and shows no secret', async ({
  page,
  problems,
}) => {
  test.setTimeout(180_000)
  await page.goto('/')
  await page.getByRole('link', { name: 'Open Hostile Diagrams' }).click()
  await expect(page.getByTestId('discussion-title')).toHaveText('Hostile Diagrams')

  const errors = page.getByTestId('diagram-error')
  const thumbnails = page.getByTestId('diagram-thumbnail')
  const seen = new Set<string>()
  const svgs: string[] = []
  const total = Math.ceil((hostileCount + safeCount) / PER_COMMENT)
  // Scroll to every comment so each one's diagrams are asked for, as a reader would.
  for (let index = 0; index < total; index++) {
    const card = page.locator(`[data-comment-index="${index}"]`)
    await expect(async () => {
      if ((await card.count()) === 0) {
        await page.getByTestId('discussion-title').hover()
        await page.mouse.wheel(0, 800)
      }
      await expect(card).toBeAttached({ timeout: 1000 })
    }).toPass({ timeout: 30_000 })
    await card.scrollIntoViewIfNeeded()
    const expected = Math.min(PER_COMMENT, hostileCount + safeCount - index * PER_COMMENT)
    await expect(
      card.getByTestId('diagram-error').or(card.getByTestId('diagram-thumbnail')),
    ).toHaveCount(expected, { timeout: 90_000 })
    for (const text of await card.getByTestId('diagram-error').allInnerTexts()) seen.add(text)
    svgs.push(...(await shownSvgs(page)))
  }

  // Every hostile diagram was refused with the line named; every safe one drew.
  const refusals = [...seen].filter((text) => /Refused to render: line \d+/.test(text))
  expect(refusals.length).toBeGreaterThanOrEqual(hostileCount - 1) // one is cut away, not refused
  expect(svgs.some((svg) => svg.includes('Electron'))).toBe(true) // C4 from the standard library

  expect(canary.requests).toEqual([])
  const everything = [await page.content(), ...svgs, ...seen].join('\n')
  expect(leakedValues(SECRET).filter((value) => everything.includes(value))).toEqual([])
  expect(problems.errors).toEqual([])
  await expect(thumbnails.first()).toBeAttached()
  await errors.first().scrollIntoViewIfNeeded()
  await expect(errors.first()).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('refused-diagrams.png') })
})
