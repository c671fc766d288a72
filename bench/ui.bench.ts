/**
 * Time from navigation to the first comment visible, in Debian's Chromium through the browser
 * mode, for a discussion of 100 and of 5,000 comments (median of a few runs). Needs the built
 * renderer (`npm run build`) and /usr/bin/chromium (or $CHROMIUM_PATH).
 */
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { chromium } from '@playwright/test'

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.js'
import { serveBrowserMode } from '../src/server/index.js'
import { table } from './measure.js'
import { syntheticDiscussion } from './synthetic.js'

const ROOT = join(import.meta.dirname, '..')
const RUNS = 5

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

export async function benchUi(): Promise<void> {
  const rendererDir = join(ROOT, 'out', 'renderer')
  if (!existsSync(join(rendererDir, 'index.html')) || !existsSync(CHROMIUM_PATH)) {
    console.log('\nUI open time: skipped (run `npm run build`, and install chromium)')
    return
  }
  const root = await mkdtemp(join(tmpdir(), 'discussions-bench-ui-'))
  const folder = join(root, 'discussions')
  await mkdir(folder)
  await mkdir(join(root, '.git'))
  const sizes = [100, 5_000]
  for (const size of sizes) await writeFile(join(folder, `c${size}.md`), syntheticDiscussion(size))
  const server = await serveBrowserMode({
    folder,
    rendererDir,
    version: 'bench',
    env: {
      ...process.env,
      DISCUSSIONS_STATE_DIR: join(root, '.state'),
      DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
    },
  })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.goto(server.url) // signs this context in
    const rows = []
    for (const size of sizes) {
      const path = join(folder, `c${size}.md`)
      const url = `${new URL(server.url).origin}/#/discussion?${new URLSearchParams({ path })}`
      const times: number[] = []
      for (let run = 0; run <= RUNS; run++) {
        await page.goto('about:blank')
        const start = performance.now()
        await page.goto(url)
        await page.locator('[data-comment-index="0"]').waitFor({ state: 'visible' })
        if (run > 0) times.push(performance.now() - start) // the first run warms caches
      }
      const rendered = await page.locator('[data-comment-index]').count()
      rows.push({
        comments: size,
        'median ms to first comment': Math.round(median(times)),
        'cards in the page': rendered,
      })
    }
    console.log(
      `\nUI: navigation to first comment visible (Chromium, browser mode, median of ${RUNS})`,
    )
    table(rows)
  } finally {
    await browser.close()
    await server.close()
    await rm(root, { recursive: true, force: true })
  }
}

if (process.argv[1] === import.meta.filename) await benchUi()
