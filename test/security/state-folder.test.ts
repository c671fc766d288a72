/**
 * The state folder (locks, the append journal, the tail cache) is the user's alone, tried through
 * the real bin as an attacker would: a relative XDG_STATE_HOME or DISCUSSIONS_STATE_DIR that makes
 * a cloned repository's own folder the state folder (with an entry planted in it that would have
 * swallowed a vote), a state folder others can write to or that belongs to someone else, and one
 * an earlier version left readable by all. Each attempt is counted with what it got through.
 */
import { createHash } from 'node:crypto'
import { chmod, chown, mkdir, readdir, readFile, realpath, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, expect, it } from 'vitest'

import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import type { CliRun } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

const tally = { attempts: 0, gotThrough: 0 }

afterAll(() => {
  process.stdout.write(
    `state folder: ${tally.attempts} attempts, ${tally.gotThrough} got through\n`,
  )
  expect(tally.gotThrough).toBe(0)
})

/** Ends with a code fence left open: an append must close it, or its vote is swallowed. */
const OPEN_FENCE = `<!-- DISCUSSION -->
<!-- Title: Fenced -->
<!-- Phase: initial_feedback -->

# Fenced

---

Name: AI-Architect
\`\`\`ts
const open = true
`

const PLAIN = `<!-- DISCUSSION -->\n<!-- Title: Plain -->\n\n# Plain\n\n---\n`

async function repository(text = PLAIN) {
  const root = await tempFolder('discussions-cloned-')
  const home = await tempFolder('discussions-home-')
  await mkdir(join(root, '.git'))
  await writeFile(join(root, 'd.md'), text)
  const run = (env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliRun> =>
    runDiscussions(args, { cwd: root, env: { HOME: home, DISCUSSIONS_USER: 'Rob', ...env } })
  return { root, home, run }
}

/** Rob's vote as `discussions parse` reads the file. */
async function robsVote(run: (...args: string[]) => Promise<CliRun>): Promise<string | null> {
  const parsed = JSON.parse((await run('parse', 'd.md')).stdout) as {
    votes: Record<string, string>
  }
  return parsed.votes.Rob ?? null
}

/** Every folder and file under `folder` (itself as '.'), with its permission bits. */
async function modes(
  folder: string,
): Promise<{ folders: [string, string][]; files: [string, string][] }> {
  const folders: [string, string][] = []
  const files: [string, string][] = []
  for (const name of ['.', ...(await readdir(folder, { recursive: true }))]) {
    const stats = await stat(join(folder, name))
    ;(stats.isDirectory() ? folders : files).push([name, (stats.mode & 0o777).toString(8)])
  }
  return { folders, files }
}

coldThenWarm('a relative state or config folder', () => {
  it('is ignored with one warning each; what a repository planted there is never read', async () => {
    const { root, home, run } = await repository(OPEN_FENCE)
    // The entry an attacker plants: the file's own identity, and a tail that says no fence is open.
    const real = await realpath(join(root, 'd.md'))
    const stats = await stat(real, { bigint: true })
    const key = createHash('sha256').update(real).digest('hex').slice(0, 32)
    const planted = {
      dev: `${stats.dev}`,
      ino: `${stats.ino}`,
      size: `${stats.size}`,
      ctimeNs: `${stats.ctimeNs}`,
      tail: { fence: null, partial: '', lines: 11, segment: 'blank', segmentLine: 0 },
    }
    for (const folder of ['.state/files', 'state/discussions/files']) {
      await mkdir(join(root, folder), { recursive: true })
      await writeFile(join(root, folder, `${key}.tail.json`), JSON.stringify(planted))
    }
    const env = {
      DISCUSSIONS_STATE_DIR: '.state',
      XDG_STATE_HOME: 'state',
      DISCUSSIONS_CONFIG_DIR: '.config',
      XDG_CONFIG_HOME: 'config',
    }
    tally.attempts++
    const comment = await run(env, 'comment', 'd.md', 'Ship it.', '--vote', 'READY')
    expect(comment.code).toBe(0)
    // Then the block the fence left open is closed, as in any state folder.
    const [ignored, incomplete] = comment.stderr.trim().split('\nwarning: the block')
    expect(incomplete).toMatch(/^ at line 9 was never closed/)
    expect(ignored?.split('\n')).toEqual(
      [
        'DISCUSSIONS_STATE_DIR=.state',
        'XDG_STATE_HOME=state',
        'DISCUSSIONS_CONFIG_DIR=.config',
        'XDG_CONFIG_HOME=config',
      ].map(
        (setting) =>
          `warning: ${setting} is ignored: it must be an absolute path (a relative one would mean another folder in every working folder).`,
      ),
    )
    const vote = await robsVote((...args) => run(env, ...args))
    if (vote !== 'READY') tally.gotThrough++
    expect(vote).toBe('READY')
    // The state went to the user's own folder, private; the repository's folders were not used.
    expect(await readdir(join(root, '.state', 'files'))).toEqual([`${key}.tail.json`])
    expect(await readFile(join(root, '.state', 'files', `${key}.tail.json`), 'utf8')).toBe(
      JSON.stringify(planted),
    )
    expect((await stat(join(home, '.local', 'state', 'discussions'))).mode & 0o777).toBe(0o700)
  }, 60_000)
})

coldThenWarm("a state folder that is not the user's alone", () => {
  it('is refused when others can write to it, or to the folder it is in, and nothing is written', async () => {
    const { root, home, run } = await repository()
    const open = join(home, 'open-state')
    await mkdir(open)
    await chmod(open, 0o777)
    const openParent = join(home, 'shared')
    await mkdir(join(openParent, 'state'), { recursive: true })
    await chmod(openParent, 0o777)
    for (const [state, why] of [
      [open, /can be written by other users \(mode 0777\)/],
      [join(openParent, 'state'), /is inside .*shared, which anyone can write to \(mode 0777\)/],
    ] as const) {
      tally.attempts++
      const result = await run({ DISCUSSIONS_STATE_DIR: state }, 'comment', 'd.md', 'Hi.')
      if (result.code === 0) tally.gotThrough++
      expect(result.code).toBe(2)
      expect(result.stderr.trim()).toMatch(why)
      expect(result.stderr.trim()).toMatch(/it is not used .*Use a folder only you can write/)
      expect(await readFile(join(root, 'd.md'), 'utf8')).toBe(PLAIN)
      expect(await readdir(state)).toEqual([])
    }
  }, 60_000)

  it.runIf(process.getuid?.() === 0)(
    'is refused when it belongs to another user',
    async () => {
      const { root, home, run } = await repository()
      const theirs = join(home, 'their-state')
      await mkdir(theirs, { mode: 0o700 })
      await chown(theirs, 65534, 65534)
      tally.attempts++
      const result = await run({ DISCUSSIONS_STATE_DIR: theirs }, 'comment', 'd.md', 'Hi.')
      if (result.code === 0) tally.gotThrough++
      expect(result.code).toBe(2)
      expect(result.stderr).toMatch(/belongs to another user \(uid 65534\)/)
      expect(await readFile(join(root, 'd.md'), 'utf8')).toBe(PLAIN)
    },
    60_000,
  )

  it('left readable by all by an earlier version, is made private: folders 0700, files 0600', async () => {
    const { root, home, run } = await repository()
    const state = join(home, 'state')
    for (const folder of ['', 'files', 'journal'])
      await mkdir(join(state, folder), { recursive: true })
    for (const folder of ['', 'files', 'journal']) await chmod(join(state, folder), 0o755)
    const key = createHash('sha256')
      .update(await realpath(join(root, 'd.md')))
      .digest('hex')
      .slice(0, 32)
    await writeFile(join(state, 'journal', `${key}.jsonl`), '', { mode: 0o644 })
    await writeFile(join(state, 'files', `${key}.tail.json`), '{}', { mode: 0o644 })
    const env = { DISCUSSIONS_STATE_DIR: state }
    expect((await run(env, 'comment', 'd.md', 'One.', '--vote', 'READY')).code).toBe(0)
    expect((await run(env, 'comment', 'd.md', 'Two.')).code).toBe(0)
    const { folders, files } = await modes(state)
    expect(folders.length).toBeGreaterThanOrEqual(3)
    expect(files.some(([name]) => name.endsWith('.tail.json'))).toBe(true)
    expect(files.some(([name]) => name.endsWith('.jsonl'))).toBe(true)
    for (const [name, mode] of folders) expect(`${name} ${mode}`).toBe(`${name} 700`)
    for (const [name, mode] of files) expect(`${name} ${mode}`).toBe(`${name} 600`)
  }, 60_000)
})
