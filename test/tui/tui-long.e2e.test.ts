/**
 * Long discussions in a real terminal (tmux): one comment of 2 MB opens and scrolls to its end,
 * and a 50 MB file can be left with q, Esc, Ctrl-C or SIGTERM while it is still opening, the
 * terminal given back each time. The fixtures are generated here; how fast they open is measured
 * by `npx tsx bench/tui.bench.ts`, never asserted.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, expect, it } from 'vitest'

import { coldThenWarm } from '../support/run-cli.js'
import { writeLongFixtures } from './long-fixtures.js'
import type { LongFixtures } from './long-fixtures.js'
import { tmuxAvailable } from './tmux-terminal.js'
import type { TmuxTerminal } from './tmux-terminal.js'
import { closeTerminalsAfterEach, sizeFor, start, transcript, workspace } from './tui-harness.js'

closeTerminalsAfterEach()

// Made once for the file's tests (60 MB), so outside the per-test temporary folders.
let fixtures: LongFixtures
let fixtureFolder = ''
beforeAll(async () => {
  fixtureFolder = await mkdtemp(join(tmpdir(), 'discussions-tui-long-'))
  fixtures = await writeLongFixtures(fixtureFolder)
}, 120_000)
afterAll(() => rm(fixtureFolder, { recursive: true, force: true }))

coldThenWarm(
  'the terminal UI on long discussions',
  (pass) => {
    const size = sizeFor(pass)
    const name = `${size.columns}x${size.rows}`

    it(`opens one 2 MB comment, pages through it and reaches its end at ${name}`, async () => {
      const { env } = await workspace()
      const terminal = start(env, [fixtures.longComment], size)
      const opened = await terminal.waitFor('One Long Comment ·')
      await transcript(name, 'long-1-opened', opened)
      expect(opened).toMatch(/\[0%\]/)
      expect(opened).toContain('▌ AI-Architect')
      terminal.press('PageDown', 'PageDown')
      const paged = await terminal.waitFor(/\[[1-9]\d*%\]|\[0%\]/)
      expect(paged).not.toContain('▌ AI-Architect')
      terminal.press('G')
      const end = await terminal.waitFor('[100%]')
      await transcript(name, 'long-2-end', end)
      expect(end).toContain('Noted, thanks.')
      expect(end).toContain('The end of the long answer.')
      terminal.press('g')
      await terminal.waitFor('[0%]')
      terminal.press('q')
      await terminal.waitFor('[exited 0]')
    }, 120_000)

    it(`shows a 50 MB file's first comments at once, then the whole file, at ${name}`, async () => {
      const { env } = await workspace()
      const terminal = start(env, [fixtures.longFile], size)
      // The head is drawn while the rest is parsed on a worker thread; keys work meanwhile.
      const head = await terminal.waitFor('Reading the rest of the file')
      await transcript(name, 'long-5-head', head)
      expect(head).toMatch(/Long File · review · OPEN {2}\[0%\]/)
      expect(head).toContain('▌ AI-Architect')
      terminal.press('PageDown')
      // The screen moved on, whether the rest was parsed by then or not.
      await terminal.waitFor(/^(?![\s\S]*A long one\.)[\s\S]*Point \d/)
      // Once parsed, the verdict replaces the note and G reaches the file's last comment.
      await terminal.waitFor(/^(?![\s\S]*Reading the rest of the file)/, 120_000)
      terminal.press('G')
      const end = await terminal.waitFor('[100%]')
      await transcript(name, 'long-6-whole', end)
      expect(end).toMatch(/Point \d{5,}/)
      terminal.press('q')
      await terminal.waitFor('[exited 0]')
    }, 180_000)

    for (const [way, leave] of [
      ['q', (terminal: TmuxTerminal) => terminal.press('q')],
      ['Ctrl-C', (terminal: TmuxTerminal) => terminal.press('C-c')],
      ['Esc then q', (terminal: TmuxTerminal) => terminal.press('Escape', 'q')],
    ] as const)
      it(`ends on ${way} while a 50 MB file is still being read at ${name}`, async () => {
        const { env } = await workspace()
        const terminal = start(env, [fixtures.longFile], size)
        await terminal.waitFor('Reading the rest of the file')
        leave(terminal)
        const ended = await terminal.waitFor('[exited 0]')
        await transcript(name, `long-3-${way.replace(/\W+/g, '-')}`, ended)
        expect(terminal.pane('#{alternate_on} #{cursor_flag}')).toBe('0 1')
      }, 120_000)

    it(`ends on q pressed before the first screen of a 50 MB file at ${name}`, async () => {
      const { env } = await workspace()
      const terminal = start(env, [fixtures.longFile], size)
      terminal.press('q')
      const ended = await terminal.waitFor('[exited 0]')
      expect(ended).not.toContain('Reading the rest of the file')
      expect(terminal.pane('#{alternate_on} #{cursor_flag}')).toBe('0 1')
    }, 120_000)

    it(`ends on SIGTERM while a 50 MB file is still being read at ${name}`, async () => {
      const { env } = await workspace()
      const terminal = start(env, [fixtures.longFile], size)
      await terminal.waitFor('Reading the rest of the file')
      const pid = terminal.programPid()
      expect(pid).not.toBeNull()
      process.kill(pid ?? 0, 'SIGTERM')
      const ended = await terminal.waitFor(/\[exited \d+\]/)
      await transcript(name, 'long-4-sigterm', ended)
      expect(ended).toMatch(/\[exited (0|143)\]/)
      expect(terminal.pane('#{alternate_on} #{cursor_flag}')).toBe('0 1')
    }, 120_000)
  },
  { retry: Number(process.env.TUI_RETRY ?? 2), skip: !tmuxAvailable() },
)
