/**
 * Jumps of one kind and "first unread" in the terminal UI (tmux): u/o/i/x go to the next open
 * question, concern, decision and REJECT vote (Shift: the one before), as the app's keys do and
 * by core's rule; f goes to the first comment added since the person last read the discussion,
 * which is kept in the state folder from one run of the program to the next; the list shows how
 * many comments are new.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { describeDiscussion } from '../../src/core/discussion/describe.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { JUMP_KEYS, JUMP_NAMES, jumpTargets } from '../../src/core/navigation/index.js'
import type { JumpItems, JumpKind } from '../../src/core/navigation/index.js'
import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { tmuxAvailable } from './tmux-terminal.js'
import type { TmuxTerminal } from './tmux-terminal.js'
import { closeTerminalsAfterEach, sizeFor, start, transcript, workspace } from './tui-harness.js'

closeTerminalsAfterEach()

const capital = (text: string): string => `${text[0]?.toUpperCase()}${text.slice(1)}`

/** The author of the first comment heading on the screen (below the title line). */
async function headingAfter(terminal: TmuxTerminal, said: string): Promise<string | undefined> {
  const screen = await terminal.waitFor(said)
  return /\n▌ (\S+)/.exec(screen)?.[1]
}

coldThenWarm(
  'jumps of one kind and first unread in the terminal UI',
  (pass) => {
    const size = sizeFor(pass)
    const name = `${size.columns}x${size.rows}`

    it(`u/o/i/x step through their kind as core says at ${name}`, async () => {
      const { env, folder } = await workspace()
      const file = join(folder, 'add-user-authentication.md')
      const comments = describeDiscussion(parseDiscussion(await readFile(file, 'utf8'))).comments
      const status = await runDiscussions(['status', '--json', file], { env })
      expect(status.code).toBe(0)
      const items = JSON.parse(status.stdout) as JumpItems
      const terminal = start(env, [file], size)
      await terminal.waitFor('Add User Authentication · ')

      let some = 0
      for (const kind of Object.keys(JUMP_KEYS) as JumpKind[]) {
        const targets = jumpTargets(comments, items, kind)
        const letter = JUMP_KEYS[kind]
        terminal.press('g', letter)
        if (targets.length === 0) {
          await terminal.waitFor(`No ${JUMP_NAMES[kind]} in this discussion.`)
          continue
        }
        some += 1
        const said = (index: number): string =>
          `${capital(JUMP_NAMES[kind])} ${index + 1} of ${targets.length} · comment #${targets[index]}`
        expect(await headingAfter(terminal, said(0))).toBe(comments[targets[0] ?? -1]?.author)
        await transcript(name, `jumps-${kind}`, terminal.screen())
        // The next wraps past the last to the first; Shift goes back.
        terminal.press(letter)
        const second = targets.length > 1 ? 1 : 0
        expect(await headingAfter(terminal, said(second))).toBe(
          comments[targets[second] ?? -1]?.author,
        )
        terminal.press(letter.toUpperCase())
        await terminal.waitFor(said(0))
      }
      expect(some).toBeGreaterThanOrEqual(3)

      terminal.press('?')
      const keys = await terminal.waitFor('search this discussion')
      expect(keys).toContain('next / previous open question')
      terminal.press('Escape', 'q')
      await terminal.waitFor('[exited 0]')
    }, 120_000)

    it(`f goes to what is new since the last run at ${name}`, async () => {
      const { env, folder } = await workspace()
      const file = join(folder, 'add-user-authentication.md')
      const count = describeDiscussion(parseDiscussion(await readFile(file, 'utf8'))).comments
        .length

      // Never read: everything is new, from the first comment.
      let terminal = start(env, [file], size)
      await terminal.waitFor('Add User Authentication · ')
      terminal.press('G', 'f')
      await terminal.waitFor(`First unread: comment #0, ${count} new.`)
      terminal.press('q')
      await terminal.waitFor('[exited 0]')

      // Two comments arrive while the program is closed.
      for (const text of ['Token rotation is settled.', 'Then I am READY.']) {
        const added = await runDiscussions(['comment', file, text, '--as', 'Ana'], { env })
        expect(added.code).toBe(0)
      }
      // The list says so from 100 columns (a discussion never read: all its comments are new).
      terminal = start(env, [folder], { columns: 120, rows: size.rows })
      const listed = await terminal.waitFor(/Add User Authentication .* 2 new/)
      await transcript(name, 'jumps-list-new', listed)
      terminal.press('q')
      await terminal.waitFor('[exited 0]')
      terminal = start(env, [file], size)
      await terminal.waitFor('Add User Authentication · ')
      terminal.press('f')
      // The new comments are the last: the end of the discussion shows, both in view.
      const unread = await terminal.waitFor(`First unread: comment #${count}, 2 new.`)
      expect(unread.match(/▌ Ana/g)).toHaveLength(2)
      await transcript(name, 'jumps-first-unread', terminal.screen())
      terminal.press('?')
      await terminal.waitFor('the first comment new since you last read this discussion')
      terminal.press('Escape', 'q')
      await terminal.waitFor('[exited 0]')

      // Read to the end this time: nothing new.
      terminal = start(env, [file], size)
      await terminal.waitFor('Add User Authentication · ')
      terminal.press('f')
      await terminal.waitFor('Nothing new since you last read this discussion.')
      terminal.press('q')
      await terminal.waitFor('[exited 0]')
    }, 180_000)
  },
  { retry: Number(process.env.TUI_RETRY ?? 2), skip: !tmuxAvailable() },
)
