/**
 * The summary when it is longer than the screen, in a real terminal (tmux) at 100x30: the counts
 * of every section first, "↓ N more" where it is cut, and the arrows scroll it to the last
 * section (issue: with 16 open questions, Decisions, Actions and Concerns never appeared).
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { coldThenWarm } from '../support/run-cli.js'
import { tmuxAvailable } from './tmux-terminal.js'
import { closeTerminalsAfterEach, start, transcript, workspace } from './tui-harness.js'

closeTerminalsAfterEach()

coldThenWarm(
  'the terminal UI summary',
  (pass) => {
    it(`shows the counts, says how much more there is and scrolls (${pass})`, async () => {
      const { folder, env } = await workspace()
      const file = join(folder, 'add-user-authentication.md')
      const questions = Array.from(
        { length: 16 },
        (_, index) => `Q: Open question number ${index + 1}?`,
      ).join('\n\n')
      await writeFile(
        file,
        `${await readFile(file, 'utf8')}\nName: Dana\n\n${questions}\n\nCONCERN: The last concern of all.\n\n---\n`,
      )
      const terminal = start(env, [file], { columns: 100, rows: 30 })
      await terminal.waitFor('Add User Authentication ·')
      terminal.press('s')
      const summary = await terminal.waitFor(/↓ \d+ more/)
      await transcript('100x30', `summary-1-${pass}`, summary)
      expect(summary).toMatch(/Open questions 1[6-9]/)
      expect(summary).toMatch(/Concerns [1-9]/)
      expect(summary).not.toContain('The last concern of all.')
      for (let i = 0; i < 6; i++) terminal.press('PageDown')
      const scrolled = await terminal.waitFor('The last concern of all.')
      await transcript('100x30', `summary-2-${pass}`, scrolled)
      expect(scrolled).toMatch(/↑ \d+ more/)
      expect(scrolled).toContain('Concerns (')
      terminal.press('s', 'q')
      await terminal.waitFor('[exited 0]')
    }, 120_000)
  },
  { retry: Number(process.env.TUI_RETRY ?? 2), skip: !tmuxAvailable() },
)
