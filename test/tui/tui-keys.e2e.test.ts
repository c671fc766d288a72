/**
 * The terminal UI in a real terminal (tmux) where timing and the terminal itself matter: keys
 * that change the screen sent together in one write, the hint when nothing can read aloud, and
 * the terminal given back whole (main screen, cursor, echo, line editing) after a crash.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { coldThenWarm } from '../support/run-cli.js'
import { tmuxAvailable } from './tmux-terminal.js'
import { closeTerminalsAfterEach, sizeFor, start, transcript, workspace } from './tui-harness.js'

closeTerminalsAfterEach()

// Each journey runs cold, then warm (at the other size where it is sized).
coldThenWarm(
  'the terminal UI, keys and the terminal',
  (pass) => {
    const size = sizeFor(pass)
    const name = `${size.columns}x${size.rows}`
    it('routes keys sent together in one write to the screen each one lands on', async () => {
      const { folder, env } = await workspace()
      const file = join(folder, 'add-user-authentication.md')
      const terminal = start(env, [folder], { columns: 80, rows: 24 })
      await terminal.waitFor('Notification System')
      terminal.type('auth')
      await terminal.waitFor('Filter: auth')

      // Enter opens the discussion, c (in the same write) starts a comment on it.
      terminal.pressTogether('Enter', 'c')
      const commenting = await terminal.waitFor('Comment as Rob')
      await transcript('80x24', 'keys-1-enter-c', commenting)
      expect(commenting).not.toContain('Filter:')

      // Text, Ctrl-S and d in one write: the comment is saved, then the diagrams open.
      terminal.pressTogether('-l', 'Quick note.')
      terminal.pressTogether('C-s', 'd')
      const diagrams = await terminal.waitFor('Diagrams of Add User Authentication')
      await transcript('80x24', 'keys-2-save-d', diagrams)
      expect(await readFile(file, 'utf8')).toMatch(/Name: Rob\n+Quick note\.\n+---\n$/)

      // b back to the discussion and q quit, together.
      terminal.pressTogether('b', 'q')
      await transcript('80x24', 'keys-3-b-q', await terminal.waitFor('[exited 0]'))
    }, 120_000)

    it(`opens and quits on "Enter q" sent in one write at ${name}`, async () => {
      const { folder, env } = await workspace()
      const terminal = start(env, [folder], size)
      await terminal.waitFor('Notification System')
      terminal.type('notif')
      await terminal.waitFor('Filter: notif')
      terminal.pressTogether('Enter', 'q')
      const quit = await terminal.waitFor('[exited 0]')
      await transcript(name, '26-enter-q-together', quit)
      expect(quit).not.toContain('Filter: notifq')
    }, 120_000)

    it('says how to install a speaker when none is found', async () => {
      const { folder, env } = await workspace()
      const file = join(folder, 'add-user-authentication.md')
      // No folder to look for espeak-ng or spd-say in, though /usr/bin has espeak-ng here.
      const terminal = start({ ...env, DISCUSSIONS_SPEECH_PATH: '' }, [file], {
        columns: 120,
        rows: 40,
      })
      await terminal.waitFor('Add User Authentication ·')
      terminal.press('n')
      await terminal.waitFor('▌ AI-Architect')
      terminal.press('l')
      const hint = await terminal.waitFor('Nothing can read aloud here')
      expect(hint).toContain('install espeak-ng')
      await transcript('120x40', '27-no-speaker', hint)
      terminal.press('q')
      await terminal.waitFor('[exited 0]')
    }, 120_000)

    it(`gives the terminal back after a crash at ${name}`, async () => {
      const { folder, env } = await workspace()
      const file = join(folder, 'add-user-authentication.md')
      // After the program, a shell in the same terminal, as the person would have.
      const terminal = start(
        { ...env, DISCUSSIONS_TUI_TEST_CRASH: '5000' },
        [file],
        size,
        "PS1='shell$ ' exec sh -i",
      )
      await terminal.waitFor('Add User Authentication ·')
      expect(terminal.pane('#{alternate_on}')).toBe('1')
      const crashed = await terminal.waitFor(/\[exited [1-9]\d*\][\s\S]*shell\$/)
      expect(crashed).toContain('A crash asked for by DISCUSSIONS_TUI_TEST_CRASH.')
      // The main screen, with the cursor shown.
      expect(terminal.pane('#{alternate_on} #{cursor_flag}')).toBe('0 1')
      // Echo and line editing are back: what is typed shows, and the shell reads whole lines.
      terminal.type('stty -a')
      terminal.press('Enter')
      const settings = await terminal.waitFor(/icanon[\s\S]*\nshell\$/)
      await transcript(name, '28-after-crash', settings)
      expect(settings).toContain('shell$ stty -a')
      const flags = settings.split(/\s+/)
      expect(flags).toContain('echo')
      expect(flags).toContain('icanon')
      expect(flags).not.toContain('-echo')
      expect(flags).not.toContain('-icanon')
    }, 120_000)
  },
  { retry: Number(process.env.TUI_RETRY ?? 2), skip: !tmuxAvailable() },
)
