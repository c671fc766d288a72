/**
 * `discussions search QUERY FILE` searches one discussion, its hits in the order of the file, and
 * the app's find bar (search:discussion) answers the same for the same queries: one search.
 * A file that is not a discussion is refused in one line.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { writeSearchFixture } from '../../bench/search-fixture.js'
import { createBackend } from '../../src/backend/index.js'
import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

const QUERIES = ['DANA', 'Security', 'concern rob', 'rob CONCERN', 'decision', 'desig', 'zzzq']

coldThenWarm('search inside one discussion', () => {
  it('finds in the CLI what the find bar finds, in the order of the file', async () => {
    const root = await tempFolder('discussions-search-file-')
    const folder = join(root, 'discussions')
    await writeSearchFixture(folder, 1, 60)
    const file = join(folder, 'design-0000.md')
    const env = {
      DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
      DISCUSSIONS_STATE_DIR: join(root, '.state'),
    }
    const backend = await createBackend({
      shell: { mode: 'browser' },
      env,
      platform: process.platform,
      folders: [folder],
      version: '0.0.0-test',
    })
    try {
      for (const query of QUERIES) {
        const cli = await runDiscussions(['search', query, file, '--json', '--limit', '1000'], {
          cwd: root,
          env,
        })
        expect(cli.code, cli.stderr).toBe(0)
        const fromCli = JSON.parse(cli.stdout) as { hits: { line: number }[] }
        const fromApp = await backend.invoke('search:discussion', { path: file, query })
        expect(fromApp, query).toEqual({ value: fromCli })
        const lines = fromCli.hits.map((hit) => hit.line)
        expect(lines).toEqual([...lines].sort((a, b) => a - b))
      }
    } finally {
      backend.close()
    }
    const notes = join(folder, 'notes.txt')
    await writeFile(notes, 'token\n')
    const refused = await runDiscussions(['search', 'token', notes], { cwd: root, env })
    expect(refused.code).toBe(2)
    expect(refused.stderr.trimEnd()).toBe(
      `error: ${notes}: not a discussion file. Name a discussion, or a folder of them, to search.`,
    )
  }, 60_000)
})
