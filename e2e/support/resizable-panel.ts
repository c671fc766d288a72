import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'

/**
 * A resizable panel (council, debate) resizes from the keyboard within bounds that leave the
 * thread its room: ArrowUp takes 24 px, End goes to the most the window allows (the thread keeps
 * 40 % of the window, at least 220 px, below the 9 px handle), Home to the least (120 px). Leaves the handle focused at 120.
 * Returns the handle and the most it allowed.
 */
export async function expectKeyboardResize(
  page: Page,
  view: Locator,
  name: 'council' | 'debate',
): Promise<{ handle: Locator; most: number; panelHeight: number }> {
  // The panel re-measures its bound on the window's resize event: read it after that settles.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  )
  const handle = view.getByRole('separator', { name: `Resize the ${name} panel` })
  const before = Number(await handle.getAttribute('aria-valuenow'))
  await handle.focus()
  await page.keyboard.press('ArrowUp')
  await expect(handle).toHaveAttribute('aria-valuenow', String(before - 24))
  await page.keyboard.press('End')
  const most = Number(await handle.getAttribute('aria-valuenow'))
  const panel = await view.getByTestId(`${name}-panel`).boundingBox()
  const windowHeight = await page.evaluate(() => window.innerHeight)
  const room = Math.max(220, Math.ceil(windowHeight * 0.4))
  expect(most).toBeLessThanOrEqual(windowHeight - (panel?.y ?? 0) - 9 - room + 1)
  const panelHeight = panel?.height ?? 0
  const thread = await page.getByTestId('comment-list').boundingBox()
  expect((thread?.height ?? 0) + 1).toBeGreaterThanOrEqual(room)
  await page.keyboard.press('Home')
  await expect(handle).toHaveAttribute('aria-valuenow', '120')
  return { handle, most, panelHeight }
}
