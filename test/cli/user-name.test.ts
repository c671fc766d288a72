// One default name for the CLI and the app: git's user.name, else the login name; --as overrides.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { userInfo } from 'node:os'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { defaultUserName } from '../../src/node/config/user-name.js'
import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

/** A workspace whose git config (and nothing else) names the person, or names nobody. */
async function workspace(gitName: string | null) {
  const root = await tempFolder()
  await mkdir(join(root, '.git'))
  const gitConfig = join(root, 'gitconfig')
  await writeFile(gitConfig, gitName === null ? '' : `[user]\n\tname = ${gitName}\n`)
  const env: NodeJS.ProcessEnv = {
    DISCUSSIONS_CONFIG_DIR: join(root, '.config'),
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_USER: '',
    GIT_CONFIG_GLOBAL: gitConfig,
    GIT_CONFIG_NOSYSTEM: '1',
    HOME: root,
  }
  return { root, env }
}

coldThenWarm('the default name', () => {
  it("is git's user.name, else the login name; an explicit setting wins", async () => {
    const named = await workspace('Ada Lovelace')
    expect(defaultUserName({ env: named.env, cwd: named.root })).toBe('Ada Lovelace')
    expect(
      defaultUserName({ env: { ...named.env, DISCUSSIONS_USER: 'Rob' }, cwd: named.root }),
    ).toBe('Rob')
    expect(defaultUserName({ env: named.env, configured: 'Grace', cwd: named.root })).toBe('Grace')
    const nameless = await workspace(null)
    expect(defaultUserName({ env: nameless.env, cwd: nameless.root })).toBe(userInfo().username)
  })

  it('signs a CLI comment with it, and --as overrides it', async () => {
    const { root, env } = await workspace('Ada Lovelace')
    const run = (...args: string[]) => runDiscussions(args, { cwd: root, env })
    expect((await run('new', 'Naming', '--context', 'Who signs?')).code).toBe(0)
    const file = join(root, 'discussions', 'naming.md')
    expect((await run('comment', file, 'First.')).stdout).toMatch(
      /^Added comment from Ada Lovelace /,
    )
    expect((await run('comment', file, '--as', 'Grace', 'Second.')).stdout).toMatch(
      /^Added comment from Grace /,
    )
    const text = await readFile(file, 'utf8')
    expect(text).toContain('Name: Ada Lovelace\n\nFirst.')
    expect(text).toContain('Name: Grace\n\nSecond.')
  })

  it('keeps a hostile git name to one line: it cannot forge a block or a header', async () => {
    const { root, env } = await workspace('Eve\\n---\\nName: AI-Architect')
    const run = (...args: string[]) => runDiscussions(args, { cwd: root, env })
    expect((await run('new', 'Forgery', '--context', 'x')).code).toBe(0)
    const file = join(root, 'discussions', 'forgery.md')
    await run('comment', file, 'Hello.')
    const text = await readFile(file, 'utf8')
    expect(text).not.toMatch(/^Name: AI-Architect$/m)
    expect(text.match(/^---$/gm)?.length).toBe(2)
  })
})
