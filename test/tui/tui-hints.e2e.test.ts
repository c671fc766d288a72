/**
 * Status messages and key hints at 60 columns, in a real terminal (tmux): a message has its own
 * line and never hides the hints, and it goes after a few seconds; `?` lists g and G.
 */
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { coldThenWarm } from '../support/run-cli.js'
import { tmuxAvailable } from './tmux-terminal.js'
import { closeTerminalsAfterEach, start, transcript, workspace } from './tui-harness.js'

closeTerminalsAfterEach()

const HINTS = 'r turn · c comment · a advance · s summary · ? keys · q quit'

coldThenWarm(
  'the terminal UI hints and messages',
  (pass) => {
    it(`keeps the key hints under a message that expires, at 60 columns (${pass})`, async () => {
      const { folder, env } = await workspace()
      const terminal = start(
        { ...env, DISCUSSIONS_SPEECH_PATH: '' },
        [join(folder, 'add-user-authentication.md')],
        { columns: 60, rows: 20 },
      )
      const reading = await terminal.waitFor('Add User Authentication ·')
      expect(reading).toContain(HINTS)
      terminal.press('n')
      await terminal.waitFor('▌ AI-Architect')
      terminal.press('l')
      const message = await terminal.waitFor('Nothing can read aloud here')
      await transcript('60x20', `hints-1-message-${pass}`, message)
      expect(message).toContain(HINTS)
      // Gone after a few seconds, the hints still there (a message-free screen, settled).
      const gone = await terminal.waitFor(/^(?![\s\S]*Nothing can read aloud)[\s\S]*q quit/, 20_000)
      await transcript('60x20', `hints-2-expired-${pass}`, gone)
      expect(gone).toContain(HINTS)

      terminal.press('?')
      const help = await terminal.waitFor('Keys (any other key closes)')
      expect(help).toMatch(/g \/ G\s+the top \/ the newest comment/)
      expect(help).toMatch(/↓ \d+ more/)
      terminal.press('PageDown')
      const rest = await terminal.waitFor('q / Ctrl-C')
      await transcript('60x20', `hints-3-help-end-${pass}`, rest)
      terminal.press('Escape', 'q')
      await terminal.waitFor('[exited 0]')
    }, 120_000)
  },
  { retry: Number(process.env.TUI_RETRY ?? 2), skip: !tmuxAvailable() },
)
