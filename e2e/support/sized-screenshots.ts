/**
 * The two window sizes the screens are checked at, and screenshots of the current screen at both
 * (into docs/screenshots, only when SCREENSHOTS is set) for the specs that record a protocol's
 * states as pictures.
 */
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { ROOT } from './ui-server.js'

export const SIZES = [
  { width: 1024, height: 700 },
  { width: 1400, height: 900 },
] as const

/** docs/screenshots/<stem>-<width>x<height>.png at each size; the page ends at the larger one. */
export async function screenshotsAtBothSizes(page: Page, stem: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await page.mouse.move(0, size.height - 1)
    await page.waitForTimeout(300) // the pointer's hover styles settle before the picture
    await page.screenshot({
      path: join(ROOT, 'docs', 'screenshots', `${stem}-${size.width}x${size.height}.png`),
    })
  }
  await page.setViewportSize(SIZES[1])
}
