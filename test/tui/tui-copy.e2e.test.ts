/**
 * Comment actions in a real terminal (tmux): `y` copies the comment on top as markdown to the
 * clipboard through OSC 52 (tmux keeps it in its paste buffer), `>` starts a reply from its
 * quote, saved as typed; both are listed in `?`.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { describeDiscussion } from '../../src/core/discussion/describe.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { commentMarkdown } from '../../src/tui/view-model/comment-actions.js'
import { coldThenWarm } from '../support/run-cli.js'
import { tmuxAvailable } from './tmux-terminal.js'
import { closeTerminalsAfterEach, sizeFor, start, transcript, workspace } from './tui-harness.js'

closeTerminalsAfterEach()

coldThenWarm(
  'comment actions in the terminal UI',
  (pass) => {
    const size = sizeFor(pass)
    const name = `${size.columns}x${size.rows}`

    it(`copies a comment as markdown and replies with its quote at ${name}`, async () => {
      const { env, folder } = await workspace()
      const file = join(folder, 'add-user-authentication.md')
      const comment = describeDiscussion(parseDiscussion(await readFile(file, 'utf8'))).comments[1]
      expect(comment).toBeDefined()
      const terminal = start(env, [file, '--at', '1'], size)
      terminal.acceptClipboard()
      await terminal.waitFor('Add User Authentication · ')
      terminal.press('y')
      const copied = await terminal.waitFor("to the terminal's clipboard (OSC 52)")
      await transcript(name, 'copy-1-copied', copied)
      expect(terminal.clipboard()).toBe(commentMarkdown(comment ?? ({} as never)))

      terminal.press('>')
      const replying = await terminal.waitFor('Comment as Rob')
      await transcript(name, 'copy-2-quote-reply', replying)
      expect(replying).toMatch(/│> [^\n]*│/)
      expect(replying).toContain('> AI-Security: VOTE: CHANGES')
      terminal.type('Agreed.')
      terminal.press('C-s')
      await terminal.waitFor('Comment saved')
      const saved = await readFile(file, 'utf8')
      expect(saved).toMatch(/Name: Rob\n+@\w+ wrote:\n> [^\n]+[\s\S]*\n\nAgreed\.\n+---\n$/)
      // The quoted vote is not Rob's: his comment carries none.
      const rob = saved.slice(saved.lastIndexOf('Name: Rob'))
      expect(rob).not.toMatch(/^VOTE:/m)

      terminal.press('?')
      const keys = await terminal.waitFor('copy the comment on top as markdown')
      expect(keys).toContain('OSC 52')
      terminal.press('Escape', 'q')
      await terminal.waitFor('[exited 0]')
    }, 120_000)
  },
  { retry: Number(process.env.TUI_RETRY ?? 2), skip: !tmuxAvailable() },
)
