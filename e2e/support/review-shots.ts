/**
 * Screenshots for reviewing a change by eye, kept out of the repository: written only when
 * REVIEW_SHOTS names a folder, as <folder>/<name>-<width>x<height>[-dark].png.
 */
import { join } from 'node:path'

import type { Page } from '@playwright/test'

export type Scheme = 'light' | 'dark'

/** Opens every page of the test in `scheme` (the app keeps the choice in local storage). */
export async function useScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.addInitScript(
    (value) => localStorage.setItem('mantine-color-scheme-value', value),
    scheme,
  )
}

/** A picture of the window as it is, when REVIEW_SHOTS is set. */
export async function reviewShot(
  page: Page,
  name: string,
  scheme: Scheme = 'light',
): Promise<void> {
  const folder = process.env.REVIEW_SHOTS
  if (!folder) return
  const size = page.viewportSize()
  const suffix = `${size ? `-${size.width}x${size.height}` : ''}${scheme === 'dark' ? '-dark' : ''}`
  await page.waitForTimeout(250) // transitions and hover styles settle before the picture
  await page.screenshot({ path: join(folder, `${name}${suffix}.png`) })
}
