/**
 * The main screens of the app, each with how a person reaches it from a fresh page. The size and
 * theme matrix (screens.spec.ts) checks every one of them for clipped text and for axe's serious
 * and critical violations; a screen added here is checked everywhere at once.
 */
import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'

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

/** The New discussion dialog with a protocol's template chosen (council, debate). */
async function newWithTemplate(page: Page, template: RegExp): Promise<Locator> {
  await page.goto('/')
  await page.getByRole('button', { name: 'New discussion' }).click()
  const form = dialog(page, 'New discussion')
  await form.getByRole('combobox', { name: 'Template' }).click()
  await page.getByRole('option', { name: template }).click()
  return form
}

/**
 * Opens the discussion `title`, first starting it from the New discussion dialog when the folder
 * has none yet (the matrix shares one server, so the later sizes and schemes reopen it).
 */
async function openOrStart(
  page: Page,
  title: string,
  start: (form: Locator) => Promise<void>,
  template: RegExp,
): Promise<void> {
  await page.goto('/')
  await expect(page.getByTestId('discussion-table').locator('tbody tr').first()).toBeVisible()
  const link = page.getByRole('link', { name: `Open ${title}` })
  if ((await link.count()) > 0) await link.click()
  else await start(await newWithTemplate(page, template))
  await expect(page.getByTestId('discussion-title')).toHaveText(title)
}

const COUNCIL_TITLE = 'Which queue for the importer'
const DEBATE_TITLE = 'Where should sessions live'

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
      await page.getByRole('button', { name: 'Comment', exact: true }).click()
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
  {
    name: 'council dialog',
    scope: DIALOG,
    open: async (page) => {
      const form = await newWithTemplate(page, /council/i)
      await form.getByText('D and P groups + Meta-Arbiter').click()
      await expect(form.getByTestId('council-calls')).toHaveText('5 model calls')
    },
  },
  {
    name: 'council view',
    open: async (page, ui) => {
      await ui.release('council-go')
      await openOrStart(
        page,
        COUNCIL_TITLE,
        async (form) => {
          await typeInto(form.getByLabel('Question'), COUNCIL_TITLE)
          await form.getByLabel('Anonymized peer ranking before the referee').check()
          await form.getByRole('button', { name: 'Start council' }).click()
        },
        /council/i,
      )
      const view = page.getByTestId('council-view')
      await expect(view.getByTestId('council-synthesis')).toContainText('Synthesis by', {
        timeout: 60_000,
      })
      await view.getByRole('tab', { name: /Ranking/ }).click()
      await expect(view.getByTestId('council-standings')).toBeVisible()
    },
  },
  {
    name: 'debate view',
    open: async (page, ui) => {
      await ui.release('debate-go')
      await openOrStart(
        page,
        DEBATE_TITLE,
        async (form) => {
          await typeInto(form.getByLabel('What should the debate decide?'), DEBATE_TITLE)
          await form.getByRole('button', { name: 'Start debate' }).click()
        },
        /debate/i,
      )
      await expect(page.getByTestId('debate-status')).toHaveText('CONSENSUS', { timeout: 60_000 })
    },
  },
]
