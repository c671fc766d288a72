/**
 * The app's Summarize and `discussions summarize` are one engine call: for the same provider and
 * answer, the `.sum.md` the backend writes (summaries:start) is the file the real bin writes,
 * byte for byte but for the moment it was made. Cancelled (Ctrl-C in the CLI, Cancel in the app),
 * neither writes anything.
 */
import { spawn } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { createBackend } from '../../src/backend/index.js'
import type { SummaryProgress } from '../../src/shared/contract/index.js'
import { CACHE_DISCUSSION as DISCUSSION, LOGGING_SCRIPT } from '../support/logging-provider.js'
import { BIN, binEnv, coldThenWarm } from '../support/run-cli.js'
import { scriptedWorkspace } from '../support/scripted-workspace.js'

const timeless = (text: string): string =>
  text.replace(/Generated: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/, 'Generated: <time>')

coldThenWarm('summarize in the app and in the CLI', () => {
  it('writes the same .sum.md for the same provider answer', async () => {
    const space = await scriptedWorkspace({
      prefix: 'discussions-summarize-app-',
      script: LOGGING_SCRIPT,
    })
    const file = join(space.root, 'cache.md')
    const summary = join(space.root, 'cache.sum.md')
    await writeFile(file, DISCUSSION)
    await space.run('comment', 'cache.md', 'Q: Which eviction policy?', '--as', 'Ann')

    const backend = await createBackend({
      shell: { mode: 'browser' },
      env: space.env,
      platform: process.platform,
      folders: [space.root],
      version: '0.0.0-test',
    })
    try {
      const ended = new Promise<SummaryProgress>((resolve) =>
        backend.subscribe((channel, payload) => {
          const event = payload as SummaryProgress
          if (
            channel === 'summaries:progress' &&
            (event.kind === 'finished' || event.kind === 'error')
          )
            resolve(event)
        }),
      )
      const started = await backend.invoke('summaries:start', { path: file, provider: 'scripted' })
      expect(started).toHaveProperty('value.runId')
      expect(await ended).toMatchObject({ kind: 'finished', provider: 'scripted', aiError: null })
    } finally {
      backend.close()
    }
    const fromApp = await readFile(summary, 'utf8')
    expect(fromApp).toContain('An answer.')
    expect(fromApp).toContain('_Written by scripted._')
    expect(fromApp).toMatch(/ · Comments: 1\n/)

    const cli = await space.run('summarize', 'cache.md', '--provider', 'scripted')
    expect(cli.code).toBe(0)
    expect(cli.stdout).toBe(`Summary written: ${summary}\n`)
    expect(timeless(await readFile(summary, 'utf8'))).toBe(timeless(fromApp))
    expect(await space.calls()).toEqual(['call', 'call'])
  }, 60_000)
})

/** Logs its call, then never answers. */
const HANGING_SCRIPT = `#!/usr/bin/env node
const fs = require('node:fs')
const path = require('node:path')
fs.appendFileSync(path.join(__dirname, 'calls.log'), 'call\\n')
setInterval(() => undefined, 1000)
`

coldThenWarm('summarize cancelled with Ctrl-C', () => {
  it('exits 130, says nothing was written, and leaves the older summary as it was', async () => {
    const space = await scriptedWorkspace({
      prefix: 'discussions-summarize-cancel-',
      script: HANGING_SCRIPT,
    })
    await writeFile(join(space.root, 'cache.md'), DISCUSSION)
    const summary = join(space.root, 'cache.sum.md')
    await writeFile(summary, '# An older summary\n')
    const child = spawn(process.execPath, [BIN, 'summarize', 'cache.md'], {
      cwd: space.root,
      env: binEnv(space.env),
    })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    for (let i = 0; i < 400 && (await space.calls()).length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await space.calls()).toEqual(['call'])
    child.kill('SIGINT')
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(code).toBe(130)
    expect(stderr).toContain('Cancelled: no summary was written.\n')
    expect(await readFile(summary, 'utf8')).toBe('# An older summary\n')
  }, 60_000)
})
