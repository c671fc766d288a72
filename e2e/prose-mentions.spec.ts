// A person pastes a PlantUML diagram into a comment, typed key by key: the comment shows a
// diagram (a file and its DIAGRAM: line, as an AI's answer does), and the Run turn dialog asks
// exactly the personas the prose mentions, each with a chip that can be unticked.
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'

import { axeFindings, blocking } from './support/axe.js'
import { typeInto } from './support/person.js'
import { AUTH_FILE, expect, openDiscussion, test } from './support/scripted-ui.js'
import { SIZES } from './support/layout.js'

const SHOTS = process.env.APP_SHOTS

const COMMENT = [
  'The token flow, @security please check it:',
  '',
  '@startuml',
  'Alice -> Bob : ask @designer',
  '@enduml',
].join('\n')

for (const size of SIZES) {
  test(`a person's diagram is a file; the turn asks the prose's personas (${size.width}x${size.height})`, async ({
    page,
    app,
    appProblems,
  }) => {
    await page.setViewportSize(size)
    await openDiscussion(page, app, 'Add User Authentication')
    await page.keyboard.press('c')
    const composer = page.getByRole('dialog', { name: 'Add a comment' })
    // As a person types it: the completion list that opens on `@designer` is closed with Esc,
    // so Enter starts a new line instead of completing the mention.
    const [beforeEnd, end] = [
      COMMENT.slice(0, COMMENT.lastIndexOf('\n')),
      COMMENT.slice(COMMENT.lastIndexOf('\n')),
    ]
    const field = composer.getByLabel('Comment')
    await typeInto(field, beforeEnd)
    await page.keyboard.press('Escape')
    await expect(composer).toBeVisible()
    await field.pressSequentially(end)
    await composer.getByRole('button', { name: 'Add comment' }).click()
    await expect(composer).toBeHidden()

    const text = await readFile(join(app.folder, AUTH_FILE), 'utf8')
    const ref = /^DIAGRAM: (diagrams\/\S+\.puml)$/m.exec(text)?.[1]
    expect(ref).toBeDefined()
    expect(text).not.toContain('@startuml')
    expect(await readdir(join(app.folder, 'diagrams'))).toContain(ref?.replace('diagrams/', ''))
    const last = page.locator('[data-comment-index]').last()
    await expect(last.getByTestId('diagram-thumbnail')).toBeVisible({ timeout: 30_000 })

    await page.getByRole('button', { name: 'Run turn' }).click()
    const dialog = page.getByRole('dialog', { name: 'Run turn' })
    const chips = dialog.locator('input[type="checkbox"]:checked')
    const start = dialog.getByRole('button', { name: /^Start turn/ })
    // Everyone the turn would ask has a chip, ticked: the count on the button is the chips'.
    await expect(chips.first()).toBeAttached()
    const ticked = await chips.evaluateAll((inputs) =>
      inputs.map((input) => (input as HTMLInputElement).value),
    )
    expect(ticked).toContain('security')
    expect(ticked).not.toContain('designer') // named inside the diagram only
    expect(ticked.filter((alias) => /^(start|end)/.test(alias))).toEqual([])
    await expect(start).toHaveText(`Start turn (${ticked.length})`)
    // A callout's diagram names no one either.
    await typeInto(dialog.getByLabel('Callout'), 'Draw it:\n@startuml\n@designer\n@enduml')
    await expect(start).toHaveText(`Start turn (${ticked.length})`)
    expect(blocking(await axeFindings(page))).toEqual([])
    if (SHOTS)
      await page.screenshot({
        path: join(SHOTS, `item1-run-turn-${size.width}x${size.height}.png`),
      })
    await page.keyboard.press('Escape')
    if (SHOTS)
      await last.screenshot({ path: join(SHOTS, `item1-comment-${size.width}x${size.height}.png`) })
    expect(appProblems.errors).toEqual([])
  })
}
