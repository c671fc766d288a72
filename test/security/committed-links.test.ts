/**
 * Links a cloned repository can commit, with no race at all: a discussion that is a link to a
 * discussion elsewhere, a folder that is a link out of the project, a `discussions` folder that
 * leads out, and a project's own `output.directory` naming a folder outside. Each write is tried
 * through the real bin and the app's backend; nothing outside may change, each refusal is one
 * message naming the link, and links that stay inside the project keep working. The attempts and
 * escapes are counted; the counts close the file.
 */
import { mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { createBackend } from '../../src/backend/index.js'
import type { InvokeChannel } from '../../src/shared/contract/index.js'
import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import type { CliRun } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

const tally = { attempts: 0, escapes: 0 }

afterAll(() => {
  process.stdout.write(
    `committed links: ${tally.attempts} writes attempted, ${tally.escapes} escapes\n`,
  )
  expect(tally.escapes).toBe(0)
})

const discussion = (title: string): string =>
  `<!-- DISCUSSION -->\n<!-- Title: ${title} -->\n<!-- Template: feature -->\n<!-- Phase: initial_feedback -->\n\n# ${title}\n\n---\n`

/** A project with links of every kind, and the folder outside they lead to. */
async function project() {
  const root = await tempFolder('discussions-linked-')
  const outside = await tempFolder('discussions-outside-')
  const home = await tempFolder('discussions-home-')
  await mkdir(join(root, '.git'))
  await writeFile(join(outside, 'other.md'), discussion('Elsewhere'))
  await writeFile(join(outside, 'd.md'), discussion('Also elsewhere'))
  await writeFile(join(outside, 'bashrc'), '# my shell settings\n')
  await symlink(join(outside, 'other.md'), join(root, 'linked.md'))
  await symlink(outside, join(root, 'notes'))
  await mkdir(join(root, 'real'))
  await writeFile(join(root, 'real', 'inner.md'), discussion('Inside'))
  await symlink(join('real', 'inner.md'), join(root, 'alias.md'))
  await symlink('real', join(root, 'shortcut'))
  const env = {
    DISCUSSIONS_CONFIG_DIR: join(home, 'config'),
    DISCUSSIONS_STATE_DIR: join(home, 'state'),
    DISCUSSIONS_USER: 'Rob',
  }
  const run = (...args: string[]): Promise<CliRun> => runDiscussions(args, { cwd: root, env })
  const snapshot = async (): Promise<string> => {
    const names = (await readdir(outside, { recursive: true })).sort()
    const parts = await Promise.all(
      names.map(async (name) =>
        (await stat(join(outside, name))).isDirectory()
          ? `${name}/`
          : `${name}:${await readFile(join(outside, name), 'utf8')}`,
      ),
    )
    return parts.join('\n')
  }
  /** Runs one write that must be refused, and counts an escape when anything outside changed. */
  const refused = async (attempt: () => Promise<unknown>): Promise<void> => {
    const before = await snapshot()
    tally.attempts++
    await attempt()
    if ((await snapshot()) !== before) tally.escapes++
    expect(await snapshot()).toBe(before)
  }
  return { root, outside, home, env, run, refused }
}

function expectOneLineRefusal(result: CliRun, message: RegExp): void {
  expect(result.stderr.trim()).toMatch(message)
  expect(result.stderr.trim().split('\n')).toHaveLength(1)
  expect(result.code).toBe(2)
}

coldThenWarm('links a repository commits, through the real bin', () => {
  it('refuses a discussion that is a link out, or lies in a folder that is one, naming the link', async () => {
    const { run, refused } = await project()
    for (const args of [
      ['comment', 'linked.md', 'Hello.', '--vote', 'READY'],
      ['advance', 'linked.md'],
      ['turn', 'linked.md'],
    ])
      await refused(async () =>
        expectOneLineRefusal(
          await run(...args),
          /linked\.md: is a link to .*other\.md, outside .*discussions-linked-\w+; not written\. Remove the link/,
        ),
      )
    for (const args of [
      ['comment', 'notes/d.md', 'Hello.'],
      ['summarize', 'notes/d.md'],
    ])
      await refused(async () =>
        expectOneLineRefusal(
          await run(...args),
          /notes\/d\.md: reached through the link .*notes -> .*discussions-outside-\w+, which leads outside .*; not written/,
        ),
      )
  }, 120_000)

  it('follows a link that stays inside the project', async () => {
    const { root, run } = await project()
    expect((await run('comment', 'alias.md', 'Through the file link.')).code).toBe(0)
    expect((await run('comment', 'shortcut/inner.md', 'Through the folder link.')).code).toBe(0)
    const text = await readFile(join(root, 'real', 'inner.md'), 'utf8')
    expect(text).toContain('Through the file link.')
    expect(text).toContain('Through the folder link.')
  }, 60_000)

  it('new refuses a discussions folder that leads out of the project', async () => {
    const { root, outside, run, refused } = await project()
    await symlink(join(outside), join(root, 'discussions'))
    await refused(async () =>
      expectOneLineRefusal(
        await run('new', 'Planted'),
        /discussions: is a link to .*discussions-outside-\w+, outside .*; not written/,
      ),
    )
  }, 60_000)

  it("a project's own output.directory outside it needs `discussions trust`", async () => {
    const { root, outside, run, refused } = await project()
    for (const directory of [join(outside, 'autostart'), '../../../../../../../tmp/escaped']) {
      await writeFile(join(root, 'discussions.yaml'), `output:\n  directory: ${directory}\n`)
      await refused(async () =>
        expectOneLineRefusal(
          await run('new', 'Planted'),
          /discussions\.yaml sets output\.directory to .*, outside the project .*run `discussions trust` in/,
        ),
      )
    }
    // Once the person trusts the project, its setting is theirs.
    await writeFile(join(root, 'discussions.yaml'), `output:\n  directory: ${outside}/out\n`)
    expect((await run('trust')).code).toBe(0)
    const created = await run('new', 'Trusted')
    expect(created.code).toBe(0)
    expect(await readdir(join(outside, 'out'))).toEqual(['trusted.md'])
    // A folder the person names on the command line is theirs too.
    expect((await run('new', 'Named', '--dir', join(outside, 'mine'))).code).toBe(0)
  }, 120_000)
})

describe('links a repository commits, through the app', () => {
  it('refuses writes through links that lead out, and follows those that stay inside', async () => {
    const { root, env, refused } = await project()
    await symlink(join(root, 'notes'), join(root, 'discussions'))
    const backend = await createBackend({
      shell: { mode: 'browser' },
      env: { PATH: process.env.PATH ?? '', ...env },
      platform: process.platform,
      folders: [root],
      version: '0',
    })
    const invoke = async (channel: InvokeChannel, request: unknown): Promise<unknown> => {
      const reply = await backend.invoke(channel, request)
      if ('error' in reply) throw new Error(reply.error.message)
      return reply.value
    }
    try {
      for (const [path, message] of [
        ['linked.md', /linked\.md: is a link to .*other\.md, outside /],
        [
          'notes/d.md',
          /notes\/d\.md: reached through the link .*notes -> .*, which leads outside /,
        ],
      ] as const)
        await refused(() =>
          expect(
            invoke('comments:add', { path: join(root, path), text: 'Hello.', vote: 'READY' }),
          ).rejects.toThrow(message),
        )
      await refused(() =>
        expect(
          invoke('discussions:create', { folder: join(root, 'discussions'), title: 'Planted' }),
        ).rejects.toThrow(/discussions: is a link to .*, outside /),
      )
      await invoke('comments:add', { path: join(root, 'alias.md'), text: 'From the app.' })
      expect(await readFile(join(root, 'real', 'inner.md'), 'utf8')).toContain('From the app.')
    } finally {
      backend.close()
    }
  }, 60_000)
})
