/**
 * Finding things in the terminal UI (tmux): `ui --tui FILE --at N` opens at comment N (numbered
 * as `parse` numbers them), `/` searches the discussion with the same hits as
 * `discussions search --json`, n/N step through them, j/k step between comments and ]/[ jump to
 * the next open question, concern, decision or REJECT.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { describeDiscussion } from '../../src/core/discussion/describe.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { tmuxAvailable } from './tmux-terminal.js'
import { closeTerminalsAfterEach, sizeFor, start, transcript, workspace } from './tui-harness.js'

closeTerminalsAfterEach()

coldThenWarm(
  'finding in the terminal UI',
  (pass) => {
    const size = sizeFor(pass)
    const name = `${size.columns}x${size.rows}`

    it(`opens at a comment, searches as the CLI does, and jumps at ${name}`, async () => {
      const { env, folder } = await workspace()
      const file = join(folder, 'add-user-authentication.md')
      const comments = describeDiscussion(parseDiscussion(await readFile(file, 'utf8'))).comments
      const terminal = start(env, [file, '--at', '3'], size)
      const opened = await terminal.waitFor('Add User Authentication · ')
      await transcript(name, 'find-1-at-3', opened)
      // The screen's first comment heading is comment 3's.
      const firstHeading = /▌ (\S+)/.exec(opened)?.[1]
      expect(firstHeading).toBe(comments[3]?.author)

      // j / k: the next and the previous comment.
      terminal.press('j')
      await terminal.waitFor(new RegExp(`^[^\\n]*\\n▌ ${comments[4]?.author}`))
      terminal.press('k')
      await terminal.waitFor(new RegExp(`^[^\\n]*\\n▌ ${comments[3]?.author}`))

      // The CLI's hits in this file, in file order: the terminal UI steps through the same.
      for (const query of ['session', 'rate limit']) {
        const cli = await runDiscussions(['search', '--json', query, folder], { env })
        expect(cli.code).toBe(0)
        const lines = (JSON.parse(cli.stdout) as { hits: { path: string; line: number }[] }).hits
          .filter((hit) => hit.path === file)
          .map((hit) => hit.line)
          .sort((a, b) => a - b)
        expect(lines.length).toBeGreaterThan(1)
        terminal.press('g', '/')
        await terminal.waitFor('Search: ▏')
        terminal.type(query)
        terminal.press('Enter')
        const first = await terminal.waitFor(`Hit 1 of ${lines.length} · line ${lines[0]}`)
        await transcript(name, `find-2-search-${query.replace(/\W/g, '-')}`, first)
        terminal.press('n')
        await terminal.waitFor(`Hit 2 of ${lines.length} · line ${lines[1]}`)
        terminal.press('N')
        await terminal.waitFor(`Hit 1 of ${lines.length} · line ${lines[0]}`)
      }

      // ] and [: the next and previous open question, concern, decision or REJECT.
      terminal.press('g', ']')
      const jumped = await terminal.waitFor(/(Open question|Concern|Decision|REJECT from): /)
      await transcript(name, 'find-3-jump', jumped)
      terminal.press('?')
      const keys = await terminal.waitFor('search this discussion')
      expect(keys).toContain('next / previous open question, concern, decision or REJECT')
      terminal.press('Escape', 'q')
      await terminal.waitFor('[exited 0]')
    }, 120_000)

    it(`searches every discussion's text from the list as the CLI does at ${name}`, async () => {
      const { env, folder } = await workspace()
      const terminal = start(env, [folder], size)
      await terminal.waitFor('Discussions in ')
      for (const query of ['session', 'rate limit']) {
        const cli = await runDiscussions(['search', '--json', query, folder], { env })
        const results = JSON.parse(cli.stdout) as {
          total: number
          matched: string[]
          hits: { path: string; comment: number | null }[]
        }
        terminal.press('/')
        terminal.type(query)
        const listed = await terminal.waitFor(
          `${results.total} hit${results.total === 1 ? '' : 's'} in ${results.matched.length} discussion${results.matched.length === 1 ? '' : 's'}`,
        )
        await transcript(name, `find-4-list-${query.replace(/\W/g, '-')}`, listed)
        terminal.press('Escape')
        await terminal.waitFor('/ search all text')
      }
      // Enter opens the best discussion at its best hit.
      const cli = await runDiscussions(['search', '--json', 'session', folder], { env })
      const best = (JSON.parse(cli.stdout) as { hits: { path: string; comment: number | null }[] })
        .hits[0]
      terminal.press('/')
      terminal.type('session')
      await terminal.waitFor(/ hits? in /)
      terminal.press('Enter')
      const opened = await terminal.waitFor(/\[(\d+%|all)\]/)
      if (best?.comment !== null && best !== undefined) {
        const text = await readFile(best.path, 'utf8')
        const author = describeDiscussion(parseDiscussion(text)).comments[best.comment]?.author
        expect(/▌ (\S+)/.exec(opened)?.[1]).toBe(author)
      }
      await transcript(name, 'find-5-opened-at-hit', opened)
      terminal.press('q')
      await terminal.waitFor('[exited 0]')
    }, 120_000)
  },
  { retry: Number(process.env.TUI_RETRY ?? 2), skip: !tmuxAvailable() },
)
