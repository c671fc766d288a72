/**
 * Files a repository can hold that are not the discussions they are named as, tried through the
 * real bin and the app: a 600 MB discussion (sparse, a few KB in git), which made `list` fail
 * whole with "Invalid string length"; a FIFO named like a discussion, on which `comment` hung; a
 * link to a device; and a README that quotes the discussion marker in a code block, to which
 * `comment` appended. Each is refused or shown read-only with one clear message, in seconds.
 */
import { execFileSync } from 'node:child_process'
import { copyFile, mkdir, readFile, stat, symlink, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, expect, it } from 'vitest'

import { createBackend } from '../../src/backend/index.js'
import { coldThenWarm, ROOT, runDiscussions } from '../support/run-cli.js'
import type { CliRun } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

const tally = { attempts: 0, written: 0 }

afterAll(() => {
  process.stdout.write(
    `special files: ${tally.attempts} writes attempted, ${tally.written} written\n`,
  )
  expect(tally.written).toBe(0)
})

const discussion = (title: string): string =>
  `<!-- DISCUSSION -->\n<!-- Title: ${title} -->\n<!-- Phase: initial_feedback -->\n<!-- Status: OPEN -->\n\n# ${title}\n\n---\n`

async function project() {
  const root = await tempFolder('discussions-special-')
  const home = await tempFolder('discussions-special-home-')
  await mkdir(join(root, '.git'))
  await writeFile(join(root, 'small.md'), discussion('Small'))
  const env = {
    DISCUSSIONS_CONFIG_DIR: join(home, 'config'),
    DISCUSSIONS_STATE_DIR: join(home, 'state'),
    DISCUSSIONS_USER: 'Rob',
  }
  const run = (...args: string[]): Promise<CliRun> => runDiscussions(args, { cwd: root, env })
  return { root, env, run }
}

/** A write that must be refused: counted, and written if the file changed. */
async function refusedWrite(file: string, write: () => Promise<CliRun>): Promise<CliRun> {
  const before = await stat(file)
  tally.attempts++
  const result = await write()
  const after = await stat(file)
  if (after.size !== before.size || after.mtimeMs !== before.mtimeMs) tally.written++
  expect(result.code).toBe(2)
  expect(result.stderr.trim().split('\n')).toHaveLength(1)
  return result
}

coldThenWarm('a 600 MB discussion', () => {
  it('is listed with a note, shown read-only, and never written to', async () => {
    const { root, env, run } = await project()
    const big = join(root, 'big.md')
    await writeFile(big, discussion('Huge'))
    await truncate(big, 600 * 1024 * 1024)
    const listed = await run('list', '--dir', '.')
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatch(/Huge/)
    expect(listed.stdout).toMatch(/Small/)
    expect(listed.stdout).toMatch(
      /note: .*big\.md is 600 MB, more than the 64 MB a discussion may have, so it is read-only/,
    )
    const json = JSON.parse((await run('list', '--dir', '.', '--json')).stdout) as {
      title: string
      note?: string
    }[]
    expect(json.find((entry) => entry.title === 'Huge')?.note).toMatch(/read-only/)
    expect(json.find((entry) => entry.title === 'Small')?.note).toBeUndefined()
    const status = await run('status', 'big.md')
    expect(status.code).toBe(0)
    expect(status.stdout).toMatch(/^Discussion: Huge/)
    expect(status.stderr).toMatch(/^note: big\.md is 600 MB, .*read-only/)
    for (const args of [
      ['comment', 'big.md', 'Hello.', '--vote', 'READY'],
      ['advance', 'big.md'],
    ]) {
      const refused = await refusedWrite(big, () => run(...args))
      expect(refused.stderr.trim()).toMatch(
        /^error: big\.md is 600 MB, more than the 64 MB a discussion may have, so it is read-only: .*raise limits\.discussion_mb in discussions\.yaml\.$/,
      )
    }
    // The app lists it with the note and opens it read-only, with the same words.
    const backend = await createBackend({
      shell: { mode: 'browser' },
      env: { PATH: process.env.PATH ?? '', ...env },
      platform: process.platform,
      folders: [root],
      version: '0',
    })
    try {
      const list = await backend.invoke('discussions:list', { folder: root })
      expect(list).toMatchObject({
        value: expect.arrayContaining([
          expect.objectContaining({ title: 'Huge', note: expect.stringMatching(/read-only/) }),
        ]),
      })
      const read = await backend.invoke('discussions:read', { path: big })
      expect(read).toMatchObject({
        value: { title: 'Huge', problems: [expect.stringMatching(/600 MB.*read-only/)] },
      })
    } finally {
      backend.close()
    }
    expect((await stat(big)).size).toBe(600 * 1024 * 1024)
  }, 120_000)
})

coldThenWarm('a FIFO or a device named as a discussion', () => {
  it('is refused before it is opened, at once', async () => {
    const { root, run } = await project()
    execFileSync('mkfifo', [join(root, 'pipe.md')])
    await symlink('pipe.md', join(root, 'to-pipe.md'))
    await symlink('/dev/zero', join(root, 'zero.md'))
    for (const [name, message] of [
      ['pipe.md', /^error: pipe\.md: is a FIFO \(named pipe\), not a plain file; not opened\.$/],
      ['to-pipe.md', /^error: to-pipe\.md: is a FIFO \(named pipe\), not a plain file/],
      ['zero.md', /^error: zero\.md: is a link to \/dev\/zero, outside .*; not written/],
    ] as const)
      for (const args of [
        ['comment', name, 'Hello.'],
        ['turn', name],
      ]) {
        tally.attempts++
        const result = await run(...args)
        expect(result.code).toBe(2)
        expect(result.stderr.trim()).toMatch(message)
      }
    const status = await run('status', 'pipe.md')
    expect(status.code).toBe(2)
    expect(status.stderr.trim()).toMatch(/pipe\.md: is a FIFO/)
    const listed = await run('list', '--dir', '.')
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatch(/Small/)
    expect(listed.stdout).not.toMatch(/pipe|zero/)
  }, 120_000)
})

coldThenWarm('a file that quotes the marker further down', () => {
  it("is no discussion: this project's own README is refused, saying where the marker is", async () => {
    const { root, run } = await project()
    const readme = join(root, 'README.md')
    await copyFile(join(ROOT, 'README.md'), readme)
    const line =
      (await readFile(readme, 'utf8'))
        .split('\n')
        .findIndex((text) => /<!--\s*DISCUSSION\s*-->/i.test(text)) + 1
    expect(line).toBeGreaterThan(1)
    const refused = await refusedWrite(readme, () => run('comment', 'README.md', 'hi'))
    expect(refused.stderr.trim()).toBe(
      `error: README.md is markdown without the <!-- DISCUSSION --> header on its first line (it is on line ${line}), not a discussion, so nothing was written. Start one with \`discussions new "Title"\`, or make a markdown file one by putting <!-- DISCUSSION --> on its first line.`,
    )
    expect((await run('list', '--dir', '.')).stdout).not.toMatch(/README/)
  }, 60_000)
})
