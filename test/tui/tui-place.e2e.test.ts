/**
 * The reading position survives what a person does from it, in a real terminal (tmux), on an
 * 80-comment discussion: at the end, a turn's answers and a saved comment come into view at the
 * end (it follows the end); in the middle, an advance brings them back to the same comment.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { admitName, admitText, formatCommentBlock, personBody } from '../../src/core/index.js'
import { coldThenWarm } from '../support/run-cli.js'
import { tmuxAvailable } from './tmux-terminal.js'
import { closeTerminalsAfterEach, sizeFor, start, transcript, workspace } from './tui-harness.js'

closeTerminalsAfterEach()

/** `count` more comments, each saying its number, so the screen shows where it is. */
function moreComments(count: number): string {
  const blocks: string[] = []
  for (let i = 1; i <= count; i++)
    blocks.push(
      formatCommentBlock(
        admitName(i % 2 === 0 ? 'Rob' : 'Dana'),
        personBody(admitText(`Filler comment number ${i}, to make the discussion long.`)),
        null,
      ),
    )
  return blocks.join('')
}

/** The heading's position, "[37%]". */
function positionOf(screen: string): string {
  return /\[(all|\d+%)\]/.exec(screen)?.[0] ?? 'none'
}

coldThenWarm(
  'the terminal UI keeps the reading position',
  (pass) => {
    const size = sizeFor(pass)
    const name = `${size.columns}x${size.rows}`
    it(`follows the end across a turn and a comment, and keeps the middle across an advance at ${name}`, async () => {
      const { folder, gate, env } = await workspace()
      const file = join(folder, 'add-user-authentication.md')
      await writeFile(file, (await readFile(file, 'utf8')) + moreComments(80))
      const terminal = start(env, [file], size)
      await terminal.waitFor('Add User Authentication ·')
      terminal.press('End')
      await terminal.waitFor('Filler comment number 80,')

      // A turn from the end: back at the end, the new answers in view.
      terminal.press('r')
      await terminal.waitFor(/Preselected: routing/)
      terminal.press('Enter')
      await writeFile(join(gate, 'all'), '')
      await terminal.waitFor('Turn finished')
      terminal.press('Enter')
      const afterTurn = await terminal.waitFor('Scripted answer from')
      await transcript(name, 'place-1-after-turn', afterTurn)
      expect(positionOf(afterTurn)).toBe('[100%]')

      // A comment from the end: saved, and shown at the end.
      terminal.press('c')
      await terminal.waitFor('Comment as Rob')
      terminal.type('The newest words.')
      terminal.press('C-s')
      const afterComment = await terminal.waitFor('The newest words.')
      await transcript(name, 'place-2-after-comment', afterComment)
      expect(afterComment).toContain('Comment saved')
      expect(positionOf(afterComment)).toBe('[100%]')

      // An advance from the middle: the same comment at the top afterwards.
      terminal.press('g')
      await terminal.waitFor('Title: Add User Authentication')
      for (let i = 0; i < 40; i++) terminal.press('n')
      const middle = await terminal.waitFor(/Filler comment number \d+,/)
      await transcript(name, 'place-3-middle', middle)
      const topComment = /Filler comment number (\d+),/.exec(middle)?.[0] ?? ''
      expect(positionOf(middle)).not.toBe('[100%]')
      terminal.press('a')
      await terminal.waitFor('Votes reset')
      terminal.press('y')
      const advanced = await terminal.waitFor('Advanced from detailed_review')
      await transcript(name, 'place-4-after-advance', advanced)
      expect(advanced).toContain(topComment)
      expect(positionOf(advanced)).not.toBe('[0%]')
      expect(positionOf(advanced)).not.toBe('[100%]')

      terminal.press('q')
      await terminal.waitFor('[exited 0]')
    }, 240_000)
  },
  { retry: Number(process.env.TUI_RETRY ?? 2), skip: !tmuxAvailable() },
)
