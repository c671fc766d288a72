// The main screens at 1024x700 and 1400x900, light and dark: no clipped or overflowing control,
// badge, name or count, and no serious or critical axe violation. The screens are listed in
// support/screens.ts; adding one there checks it in all four combinations.
// SCREENS_REPORT=file appends each screen's findings to that file as JSON lines.
import { appendFile } from 'node:fs/promises'

import { axeFindings, blocking } from './support/axe.js'
import { testWithUi } from './support/fixtures.js'
import { layoutFindings } from './support/layout.js'
import { SCREENS, startScreensUi } from './support/screens.js'

const test = testWithUi(startScreensUi)
const { expect } = test

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1400, height: 900 },
] as const
const SCHEMES = ['light', 'dark'] as const

for (const size of SIZES) {
  for (const scheme of SCHEMES) {
    test.describe(`${size.width}x${size.height} ${scheme}`, () => {
      test.use({ viewport: size })
      test.beforeEach(async ({ page }) => {
        await page.addInitScript(
          (value) => localStorage.setItem('mantine-color-scheme-value', value),
          scheme,
        )
      })
      for (const screen of SCREENS) {
        test(screen.name, async ({ page, ui }) => {
          await screen.open(page, ui)
          // Let transitions (dialogs, drawers) finish before measuring.
          await page.waitForTimeout(350)
          await page.mouse.move(size.width - 1, size.height - 1) // no tooltip in the way
          const layout = await layoutFindings(page, screen.scope)
          const axe = await axeFindings(page)
          if (process.env.SCREENS_REPORT)
            await appendFile(
              process.env.SCREENS_REPORT,
              `${JSON.stringify({ screen: screen.name, size: `${size.width}x${size.height}`, scheme, layout, axe })}\n`,
            )
          await screen.leave?.(page)
          expect.soft(layout, 'clipped or overflowing').toEqual([])
          expect.soft(blocking(axe), 'serious or critical axe violations').toEqual([])
        })
      }
    })
  }
}
