/**
 * A turn whose first provider fails and whose next one hangs, in a real terminal (tmux): each
 * persona's row shows the time passing, the provider being tried and the chain with the failed
 * provider crossed out, so a hung provider is visible as such.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { coldThenWarm } from '../support/run-cli.js'
import { tmuxAvailable } from './tmux-terminal.js'
import {
  closeTerminalsAfterEach,
  script,
  sizeFor,
  start,
  transcript,
  workspace,
} from './tui-harness.js'

closeTerminalsAfterEach()

coldThenWarm(
  'the terminal UI while a turn runs',
  (pass) => {
    const size = sizeFor(pass)
    const name = `${size.columns}x${size.rows}`
    it(`shows per persona the elapsed time, the provider tried and the chain at ${name}`, async () => {
      const { root, folder, gate, config, env } = await workspace()
      const failing = await script(root, 'failing-ai', 'echo "the model is gone" >&2; exit 1')
      const scripted = join(root, 'bin', 'scripted-ai')
      await writeFile(
        join(config, 'providers.yaml'),
        [
          'default: broken',
          'fallback: [scripted]',
          'providers:',
          '  - name: broken',
          '    type: command',
          `    command: "${failing}"`,
          '  - name: scripted',
          '    type: command',
          `    command: "${scripted}"`,
          '',
        ].join('\n'),
      )
      const terminal = start(env, [join(folder, 'add-user-authentication.md')], size)
      await terminal.waitFor('Add User Authentication ·')
      terminal.press('r')
      await terminal.waitFor(/Preselected: routing/)
      terminal.press('Enter')
      const first = await terminal.waitFor(/· \d+s · trying scripted \(broken ✗ → scripted\)/)
      const seconds = Number(/· (\d+)s · trying scripted/.exec(first)?.[1])
      // The time keeps running while the provider hangs.
      const later = await terminal.waitFor(
        new RegExp(`· (${seconds + 2}|${seconds + 3}|${seconds + 4})s · trying scripted`),
      )
      await transcript(name, 'turn-watch-1-hanging', later)
      await writeFile(join(gate, 'all'), '')
      const finished = await terminal.waitFor('Turn finished')
      await transcript(name, 'turn-watch-2-finished', finished)
      expect(finished).toMatch(/done · (READY|CHANGES)/)
      expect(finished).not.toContain('trying scripted')
      terminal.press('Enter', 'q')
      await terminal.waitFor('[exited 0]')
    }, 240_000)
  },
  { retry: Number(process.env.TUI_RETRY ?? 2), skip: !tmuxAvailable() },
)
