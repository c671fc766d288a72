/**
 * Votes read by their colour, in a real terminal (tmux): a REJECT line red, READY green, CHANGES
 * yellow, in the discussion and in the list's VOTES column; and two discussions with the same
 * title listed with their file names, so they can be told apart.
 */
import { copyFile, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { coldThenWarm } from '../support/run-cli.js'
import { tmuxAvailable } from './tmux-terminal.js'
import { closeTerminalsAfterEach, start, transcript, workspace } from './tui-harness.js'

closeTerminalsAfterEach()

// Colour and style sequences, as tmux writes them with capture-pane -e.
// eslint-disable-next-line no-control-regex
const SGR = /\u001b\[([\d;]*)m/g

/** The colour codes in force where `text` first starts on the captured screen (with escapes). */
function codesAt(screen: string, text: string): string[] {
  const at = screen.indexOf(text)
  if (at === -1) throw new Error(`"${text}" is not on the screen:\n${screen.replace(SGR, '')}`)
  const lineStart = screen.lastIndexOf('\n', at) + 1
  let codes: string[] = []
  for (const match of screen.slice(lineStart, at).matchAll(SGR)) {
    const parts = (match[1] ?? '').split(';').filter(Boolean)
    if (parts.length === 0 || parts.includes('0')) codes = []
    codes.push(...parts.filter((part) => part !== '0'))
  }
  return codes
}

const RED = '31'
const GREEN = '32'
const YELLOW = '33'

coldThenWarm(
  'the terminal UI colours votes and tells titles apart',
  (pass) => {
    it(`colours each vote by its kind, in the discussion and in the list (${pass})`, async () => {
      const { folder, env } = await workspace()
      const file = join(folder, 'add-user-authentication.md')
      await copyFile(file, join(folder, 'add-user-authentication-copy.md'))
      await writeFile(
        file,
        (await readFile(file, 'utf8')) +
          '\nName: Dana\n\nNot like this.\n\nVOTE: REJECT\n\n---\n' +
          '\nName: Lee\n\nAlmost.\n\nVOTE: CHANGES\n\n---\n',
      )
      const terminal = start(env, [folder], { columns: 120, rows: 40 })
      const list = await terminal.waitFor('add-user-authentication-copy.md')
      await transcript('120x40', 'colours-1-list', list)
      expect(list).toContain('Add User Authentication (add-user-authentication.md)')
      expect(list).toContain('Add User Authentication (add-user-authentication-copy.md)')
      const listColours = terminal.screen(true)
      const row = listColours
        .split('\n')
        .find((line) => line.includes('(add-user-authentication.md)'))
      expect(row).toBeDefined()
      const votes = /(\d+)✓ (\d+)~ (\d+)✗/.exec(row?.replace(SGR, '') ?? '')
      expect(votes).not.toBeNull()
      const [, ready = '0', changes = '0', reject = '0'] = votes ?? []
      if (Number(changes) > 0) expect(codesAt(row ?? '', `${changes}~`)).toContain(YELLOW)
      if (Number(reject) > 0) expect(codesAt(row ?? '', `${reject}✗`)).toContain(RED)
      if (Number(ready) > 0) expect(codesAt(row ?? '', `${ready}✓`)).toContain(GREEN)
      expect(Number(changes) + Number(reject)).toBeGreaterThan(0)

      // The discussion: each VOTE line in its vote's colour.
      terminal.type('add-user-authentication.md')
      await terminal.waitFor('Filter: add-user-authentication.md')
      terminal.press('Enter')
      await terminal.waitFor('Add User Authentication ·')
      terminal.press('End')
      const end = await terminal.waitFor('VOTE: CHANGES')
      await transcript('120x40', 'colours-2-votes', end)
      const shown = terminal.screen(true)
      expect(codesAt(shown, 'VOTE: REJECT')).toContain(RED)
      expect(codesAt(shown, 'VOTE: CHANGES')).toContain(YELLOW)
      expect(codesAt(shown, 'VOTE: REJECT')).not.toContain(GREEN)
      terminal.press('q')
      await terminal.waitFor('[exited 0]')
    }, 120_000)
  },
  { retry: Number(process.env.TUI_RETRY ?? 2), skip: !tmuxAvailable() },
)
