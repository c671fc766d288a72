/**
 * The main screens of the app, each with how a person reaches it from a fresh page. The size and
 * theme matrix (screens.spec.ts) checks every one of them for clipped text and for axe's serious
 * and critical violations; a screen added here is checked everywhere at once.
 */
import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'

import { diagramFolder } from './diagrams-fixture.js'
import { typeInto } from './person.js'
import { startScriptedUi } from './scripted-ui.js'
import type { ScriptedUi } from './scripted-ui.js'

export interface Screen {
  name: string
  /** Goes from the signed-in start page to the screen, as a person would. */
  open: (page: Page, ui: ScriptedUi) => Promise<void>
  /** Where the layout check looks: a dialog's screen is the dialog, not the page beneath it. */
  scope?: string
  /** Leaves nothing running behind (a turn, say) for the next screen. */
  leave?: (page: Page) => Promise<void>
}

/** One server for the whole matrix: the examples, the diagram discussions, a scripted provider. */
export async function startScreensUi(): Promise<ScriptedUi> {
  return startScriptedUi({ folder: await diagramFolder() })
}

export async function openDiscussion(page: Page, title: string): Promise<void> {
  await page.goto('/')
  await page.getByRole('link', { name: `Open ${title}` }).click()
  await expect(page.getByTestId('discussion-title')).toHaveText(title)
  await expect(page.locator('[data-comment-index="0"]')).toBeVisible()
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })
const DIALOG = '[role="dialog"]'

export const SCREENS: Screen[] = [
  {
    name: 'browser',
    open: async (page) => {
      await page.goto('/')
      await expect(page.getByTestId('discussion-table').locator('tbody tr').first()).toBeVisible()
    },
  },
  {
    name: 'new discussion',
    scope: DIALOG,
    open: async (page) => {
      await page.goto('/')
      await page.getByRole('button', { name: 'New discussion' }).click()
      await typeInto(dialog(page, 'New discussion').getByLabel('Title'), 'Rate limits')
    },
  },
  {
    name: 'discussion',
    open: (page) => openDiscussion(page, 'Add User Authentication'),
  },
  {
    name: 'run-turn dialog',
    scope: DIALOG,
    open: async (page) => {
      await openDiscussion(page, 'Add User Authentication')
      await page.getByRole('button', { name: 'Run turn' }).click()
      await expect(dialog(page, 'Run turn').getByTestId('turn-participants')).toBeVisible()
    },
  },
  {
    name: 'live turn',
    open: async (page) => {
      await openDiscussion(page, 'Brainstorm: Notification System')
      await page.getByRole('button', { name: 'Run turn' }).click()
      const run = dialog(page, 'Run turn')
      await run.getByRole('button', { name: 'All participants' }).click()
      await run.getByRole('button', { name: /^Start turn/ }).click()
      await expect(
        page.locator('[data-testid="pending-answer"][data-state="streaming"]').first(),
      ).toBeVisible()
    },
    leave: async (page) => {
      await page.getByRole('button', { name: 'Cancel turn' }).click()
      await expect(page.getByTestId('turn-summary')).toBeVisible()
    },
  },
  {
    name: 'composer',
    scope: DIALOG,
    open: async (page) => {
      await openDiscussion(page, 'Add User Authentication')
      await page.getByRole('button', { name: 'Comment' }).click()
      await typeInto(
        dialog(page, 'Add a comment').getByLabel('Comment'),
        'Agreed on sessions.\nQ: who rotates the keys?',
      )
    },
  },
  {
    name: 'diagrams panel',
    scope: DIALOG,
    open: async (page) => {
      await openDiscussion(page, 'Diagram Review')
      await page.getByRole('button', { name: 'Diagrams', exact: true }).click()
      await expect(dialog(page, 'Diagrams').getByTestId('diagram-entry').first()).toBeVisible({
        timeout: 30_000,
      })
    },
  },
  {
    name: 'diagram viewer',
    scope: DIALOG,
    open: async (page) => {
      await openDiscussion(page, 'Diagram Review')
      await page.getByTestId('diagram-thumbnail').first().click({ timeout: 30_000 })
      await expect(page.getByTestId('diagram-stage').locator('img')).toBeVisible()
    },
  },
  {
    name: 'participants',
    scope: DIALOG,
    open: async (page) => {
      await page.goto('/')
      await page.getByRole('button', { name: 'Participants' }).click()
      await expect(dialog(page, 'Participants')).toBeVisible()
    },
  },
  {
    name: 'providers',
    scope: DIALOG,
    open: async (page) => {
      await page.goto('/')
      await page.getByRole('button', { name: 'Providers' }).click()
      await expect(dialog(page, 'Providers').locator('[data-provider]').first()).toBeVisible()
    },
  },
]
