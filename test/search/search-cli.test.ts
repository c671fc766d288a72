import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { beforeEach, expect, it } from 'vitest'

import { parseDiscussion } from '../../src/core/format/parse.js'
import { searchSources } from '../../src/core/search/index.js'
import { coldThenWarm, runDiscussions, runInTerminal } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'
import { allAttacks, foreignSequences, ownSequence } from '../support/terminal-attacks.js'

const discussion = (title: string, comments: { author: string; body: string }[]): string =>
  [
    `<!-- DISCUSSION -->\n<!-- Title: ${title} -->\n<!-- Phase: review -->\n\n# ${title}\n\n---\n`,
    ...comments.map(({ author, body }) => `\nName: ${author}\n${body}\n\n---\n`),
  ].join('')

const FILES: Record<string, string> = {
  'retention.md': discussion('Data retention', [
    { author: 'AI-Architect', body: 'We keep logs for a year.' },
    { author: 'AI-Security', body: 'GDPR asks for less.\nCONCERN: GDPR fines for keeping logs.' },
  ]),
  'cache.md': discussion('Cache design', [
    { author: 'AI-Security', body: 'Cached pages must not hold personal data (GDPR).' },
  ]),
  'hostile.md': discussion(`Hostile ${allAttacks('title')}`, [
    { author: 'Mallory', body: `GDPR ${allAttacks('body')}` },
  ]),
  'notes.md': 'Plain markdown that says GDPR but is no discussion.\n',
}

let folder = ''
beforeEach(async () => {
  folder = await tempFolder('discussions-search-')
  for (const [name, text] of Object.entries(FILES)) await writeFile(join(folder, name), text)
})

interface JsonResults {
  total: number
  searched: number
  hits: { path: string; comment: number | null; line: number; author: string | null }[]
}

coldThenWarm('discussions search', () => {
  it('prints each hit as file:line with its comment, best first, as core ranks them', async () => {
    const run = await runDiscussions(['search', 'gdpr', '.'], { cwd: folder })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const lines = run.stdout.trimEnd().split('\n')
    expect(lines.at(-1)).toBe('3 matches in 3 discussions.')
    expect(lines[0]).toBe('retention.md:15  comment 1 by AI-Security  GDPR asks for less.')
    // The same words find the same comments through the library as through the bin.
    const json = await runDiscussions(['search', 'GDPR', folder, '--json'], { cwd: folder })
    const results = JSON.parse(json.stdout) as JsonResults
    const sources = ['cache.md', 'hostile.md', 'retention.md'].map((name) => ({
      path: join(folder, name),
      text: FILES[name] ?? '',
    }))
    expect(results).toEqual(
      JSON.parse(JSON.stringify(searchSources(sources, 'GDPR', { limit: 20 }))),
    )
    // Every hit's comment number and line are the ones `parse` gives.
    for (const hit of results.hits) {
      const text = sources.find((source) => source.path === hit.path)?.text ?? ''
      const comment = parseDiscussion(text).comments[hit.comment ?? -1]
      expect(comment?.author).toBe(hit.author)
      expect(hit.line).toBeGreaterThanOrEqual(comment?.line ?? Infinity)
    }
  })

  it('keeps the best --limit hits and says how many there are', async () => {
    const run = await runDiscussions(['search', 'gdpr', '--limit', '1', folder])
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(2)
    expect(run.stdout).toContain(
      '3 matches in 3 discussions (the best 1 shown; --limit 3 shows all).',
    )
  })

  it('exits 1 when nothing matches, 2 with one line for a query of no words or a missing folder', async () => {
    const none = await runDiscussions(['search', 'kubernetes', folder])
    expect(none).toMatchObject({ code: 1, stderr: '' })
    expect(none.stdout).toContain('No match for "kubernetes" in 3 discussions')
    const empty = await runDiscussions(['search', '?!', folder])
    expect(empty.code).toBe(2)
    expect(empty.stderr).toMatch(/^error: "\?!" has no words to search for: .*\n$/)
    const missing = await runDiscussions(['search', 'gdpr', join(folder, 'nope')])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('nope: no such folder.')
    const limit = await runDiscussions(['search', 'gdpr', '--limit', 'all', folder])
    expect(limit.code).toBe(2)
    expect(limit.stderr).toContain('--limit 50')
  })

  it("sends a terminal none of a hostile discussion's escape sequences", async () => {
    const run = await runInTerminal(['search', 'gdpr', folder])
    expect(run.stdout).toContain('comment 0 by Mallory  GDPR body')
    expect(foreignSequences(run.stdout, ownSequence([]))).toEqual([])
  })

  it('ui --at names a comment of a discussion file, or says what is wrong', async () => {
    const file = join(folder, 'retention.md')
    const noFile = await runDiscussions(['ui', folder, '--web', '--at', '1'])
    expect(noFile).toMatchObject({ code: 2, stdout: '' })
    expect(noFile.stderr).toContain(
      '--at opens a discussion at a comment: name the discussion file too.',
    )
    const notNumber = await runDiscussions(['ui', file, '--web', '--at', 'one'])
    expect(notNumber.code).toBe(2)
    expect(notNumber.stderr).toContain('from 0 (e.g. --at 12)')
    // The terminal UI takes --at too (test/tui/tui-find.e2e.test.ts); here it has no terminal.
    const tui = await runDiscussions(['ui', '--tui', file, '--at', '1'])
    expect(tui.code).not.toBe(0)
    expect(tui.stderr).toContain('The terminal UI needs a terminal')
  })
})
