/**
 * The full turn picker in a real terminal (tmux): a persona that is not in the discussion yet, a
 * callout, and a provider typed wrong (refused with the name meant, nothing called or written),
 * then typed right, and the turn runs with them.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { coldThenWarm } from '../support/run-cli.js'
import { tmuxAvailable } from './tmux-terminal.js'
import { closeTerminalsAfterEach, sizeFor, start, transcript, workspace } from './tui-harness.js'

closeTerminalsAfterEach()

coldThenWarm(
  'the turn picker',
  (pass) => {
    const size = sizeFor(pass)
    const name = `${size.columns}x${size.rows}`

    it(`runs any persona with a callout through a checked provider at ${name}`, async () => {
      const { env, folder, gate } = await workspace()
      const file = join(folder, 'add-user-authentication.md')
      const before = await readFile(file, 'utf8')
      const terminal = start(env, [file], size)
      await terminal.waitFor('Add User Authentication · ')
      terminal.press('r')
      await terminal.waitFor(/Preselected: routing/)
      // Every persona is offered; one not in the discussion is added with Space.
      const offered = await terminal.waitFor('@visualizer  (not in this discussion yet)')
      await transcript(name, 'picker-1-offered', offered)
      for (let i = 0; i < 12; i++) terminal.press('Down')
      terminal.press('Space')
      await terminal.waitFor('[x] @visualizer')
      // A callout, edited with the cursor: "GDPR" typed, then "About " put before it.
      terminal.press('c')
      terminal.type('GDPR?')
      terminal.press('Home')
      terminal.type('About ')
      terminal.press('Enter')
      await terminal.waitFor('Callout (c): About GDPR?')
      // A provider nobody configured is refused before anything is called.
      terminal.press('p')
      terminal.type('scriptd')
      terminal.press('Enter', 'Enter')
      const refused = await terminal.waitFor(
        'No provider named "scriptd" (did you mean "scripted"?)',
      )
      await transcript(name, 'picker-2-refused', refused)
      expect(await readFile(file, 'utf8')).toBe(before)
      terminal.press('p', 'Left')
      terminal.type('e')
      terminal.press('Enter')
      await terminal.waitFor('Provider (p): scripted')
      terminal.press('Enter')
      const running = await terminal.waitFor(/Turn: .*@visualizer/)
      await transcript(name, 'picker-3-running', running)
      await writeFile(join(gate, 'all'), '')
      await terminal.waitFor('Turn finished')
      const after = await readFile(file, 'utf8')
      expect(after).toContain('Scripted answer from AI-Visualizer')
      terminal.press('Enter', 'q')
      await terminal.waitFor('[exited 0]')
    }, 120_000)
  },
  { retry: Number(process.env.TUI_RETRY ?? 2), skip: !tmuxAvailable() },
)
