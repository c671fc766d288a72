/**
 * The comment editor's cursor in a real terminal (tmux): ↑/↓ across lines, Home/End, ←/→,
 * Backspace and Delete at the cursor, typing in the middle; the comment saved is what was shown.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { coldThenWarm } from '../support/run-cli.js'
import { tmuxAvailable } from './tmux-terminal.js'
import { closeTerminalsAfterEach, sizeFor, start, transcript, workspace } from './tui-harness.js'

closeTerminalsAfterEach()

coldThenWarm(
  'the comment editor cursor',
  (pass) => {
    const size = sizeFor(pass)
    const name = `${size.columns}x${size.rows}`

    it(`edits in the middle of a comment and saves what it shows at ${name}`, async () => {
      const { env, folder } = await workspace()
      const file = join(folder, 'add-user-authentication.md')
      const terminal = start(env, [file], size)
      await terminal.waitFor('Add User Authentication · ')
      terminal.press('c')
      await terminal.waitFor('Comment as Rob')
      terminal.type('first line')
      terminal.press('Enter')
      terminal.type('third line')
      // ↑ to the end of the first line, a new line typed between the two.
      terminal.press('Up', 'Enter')
      terminal.type('second line')
      await terminal.waitFor('second line▏')
      // Home, Delete x7 ("second "), then "2nd " typed at the cursor.
      terminal.press('Home', 'DC', 'DC', 'DC', 'DC', 'DC', 'DC', 'DC')
      terminal.type('2nd ')
      const middle = await terminal.waitFor('2nd ▏line')
      await transcript(name, 'cursor-1-middle', middle)
      // ↓ to the third line, End, Backspace x4 ("line"), "end" typed; ← ← → keep the cursor in it.
      terminal.press('Down', 'End', 'BSpace', 'BSpace', 'BSpace', 'BSpace')
      terminal.type('end')
      terminal.press('Left', 'Left', 'Right')
      const edited = await terminal.waitFor('third en▏d')
      await transcript(name, 'cursor-2-edited', edited)
      expect(edited).toMatch(/first line[\s\S]*2nd line[\s\S]*third en▏d/)
      terminal.press('C-s')
      await terminal.waitFor('Comment saved')
      expect(await readFile(file, 'utf8')).toMatch(
        /Name: Rob\n+first line\n2nd line\nthird end\n+---\n$/,
      )
      terminal.press('q')
      await terminal.waitFor('[exited 0]')
    }, 120_000)
  },
  { retry: Number(process.env.TUI_RETRY ?? 2), skip: !tmuxAvailable() },
)
