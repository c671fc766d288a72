/**
 * The hostile project in a real terminal (tmux, with programs allowed to set its clipboard and
 * title): the CLI's status, list and participants list and the terminal UI's reading screen and
 * summary pane (`s`) set neither the clipboard (OSC 52) nor the window title (OSC 0), and every
 * byte they sent (recorded with pipe-pane) holds no sequence but the tool's own. A raw `printf`
 * of the same attacks in the same kind of terminal does set both: the checks can see an attack.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { BIN, binEnv, coldThenWarm, ROOT } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'
import { foreignSequences, ownSequence, TERMINAL_ATTACKS } from '../support/terminal-attacks.js'
import { TmuxTerminal, tmuxAvailable } from '../tui/tmux-terminal.js'
import { hostileProject } from './hostile-terminal-project.js'

/** The tool's own cursor and screen sequences: log-update's and Ink's, and the alternate screen. */
const OWN = ownSequence([
  '\u001b[1A',
  '\u001b[2K',
  '\u001b[G',
  '\u001b[?25l',
  '\u001b[?25h',
  '\u001b[?1049h',
  '\u001b[?1049l',
  '\u001b[?2026h',
  '\u001b[?2026l',
  '\u001b[2J',
  '\u001b[3J',
  '\u001b[H',
])

const hasTmux = tmuxAvailable()

/** The bin's environment in a pane: the project's, with the pass's compile cache. */
const withCache = (env: Record<string, string>): Record<string, string> => ({
  ...env,
  NODE_COMPILE_CACHE: binEnv({}, {}).NODE_COMPILE_CACHE ?? '',
})
const SIZE = { columns: 120, rows: 40 }

/** A terminal that lets programs set its clipboard and title, recording what it is sent. */
async function terminal(command: string[], env: Record<string, string>) {
  const folder = await tempFolder('discussions-tmux-')
  const gate = join(folder, 'go')
  const record = join(folder, 'sent.raw')
  const setEnv = ['env', ...Object.entries(env).map(([name, value]) => `${name}=${value}`)]
  // The program waits for the gate, so the options and the recording are in place before it writes.
  const waiting = ['sh', '-c', 'until [ -e "$0" ]; do sleep 0.05; done; exec "$@"', gate]
  const tmux = new TmuxTerminal([...waiting, ...setEnv, ...command], SIZE, ROOT)
  tmux.setOption('set-clipboard', 'on')
  tmux.setOption('allow-rename', 'on')
  tmux.record(record)
  const titleBefore = tmux.pane('#{pane_title}')
  await writeFile(gate, '')
  return {
    tmux,
    titleBefore,
    sent: () => readFile(record, 'utf8').catch(() => ''),
  }
}

coldThenWarm(
  'a hostile project in tmux',
  () => {
    it('a raw printf of the attacks does set the clipboard and the title (the checks see them)', async () => {
      const attacks = `${TERMINAL_ATTACKS['OSC 52 sets the clipboard']}${TERMINAL_ATTACKS['OSC 0 retitles the window']}`
      const shown = await terminal(
        ['printf', `${attacks.replaceAll('\u001b', '\\033').replaceAll('\u0007', '\\007')}DONE\\n`],
        {},
      )
      try {
        await shown.tmux.waitFor('DONE')
        expect(shown.tmux.pane('#{pane_title}')).toBe('PWNED-TITLE')
        expect(shown.tmux.buffers()).toContain('rm -rf ~')
      } finally {
        shown.tmux.close()
      }
    })

    it('the CLI sets neither, and sends only its own sequences', async () => {
      const project = await hostileProject()
      const commands = [
        ['status', project.discussion],
        ['list'],
        ['participants', 'list'],
        ['templates', 'list'],
        ['debate', 'status', project.debate],
        ['turn', project.discussion, '@architect', '--provider', 'hostile'],
        ['status', project.discussion],
      ]
      const node = (args: string[]) =>
        [process.execPath, BIN, ...args].map((word) => `'${word}'`).join(' ')
      const script = `cd '${project.root}' && ${commands.map(node).join(' ; ')} ; echo ALL-DONE`
      const shown = await terminal(['sh', '-c', script], withCache(project.env))
      try {
        await shown.tmux.waitFor('ALL-DONE', 150_000)
        expect(shown.tmux.pane('#{pane_title}')).toBe(shown.titleBefore)
        expect(shown.tmux.buffers()).toBe('')
        const sent = await shown.sent()
        expect(sent).toContain('<U+202E>') // the hostile text was printed
        expect(foreignSequences(sent, OWN)).toEqual([])
      } finally {
        shown.tmux.close()
      }
    })

    it('the terminal UI sets neither, on the reading screen and in the summary pane', async () => {
      const project = await hostileProject()
      const shown = await terminal(
        [process.execPath, BIN, 'ui', '--tui', project.discussion],
        withCache(project.env),
      )
      try {
        await shown.tmux.waitFor('Heading')
        shown.tmux.press('s')
        const summary = await shown.tmux.waitFor('Votes this phase')
        expect(summary).toContain('<U+202E>')
        shown.tmux.press('End')
        await shown.tmux.waitFor('Mention')
        expect(shown.tmux.pane('#{pane_title}')).toBe(shown.titleBefore)
        expect(shown.tmux.buffers()).toBe('')
        shown.tmux.press('q')
        await shown.tmux.waitFor('[exited')
        expect(foreignSequences(await shown.sent(), OWN)).toEqual([])
      } finally {
        shown.tmux.close()
      }
    })
  },
  { skip: !hasTmux, timeout: 180_000 },
)
