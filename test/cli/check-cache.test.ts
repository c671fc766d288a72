/**
 * What a schema check gave is kept by build (src/node/config/check-cache.ts), through the real
 * bin: a second run takes it and says the same, and a file edited since is checked again and
 * reported at its line, never hidden behind what its earlier text gave.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { beforeEach, describe, expect, it } from 'vitest'

import { ROOT, runDiscussions } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

let root: string
let project: string
let env: NodeJS.ProcessEnv

beforeEach(async () => {
  root = await tempFolder('discussions-check-cache-cli-')
  project = join(root, 'project')
  await mkdir(join(project, '.git'), { recursive: true })
  await mkdir(join(project, '.discussions', 'personas'), { recursive: true })
  env = {
    DISCUSSIONS_CONFIG_DIR: join(root, 'config'),
    DISCUSSIONS_STATE_DIR: join(root, 'state'),
    DISCUSSIONS_CODE_CACHE: join(root, 'code'),
  }
})

const persona = (type: string): string =>
  [
    'name: AI-Tester',
    'alias: tester',
    'role: Tests things',
    `type: ${type}`,
    'personality: Careful.',
    '',
  ].join('\n')

async function participants(): Promise<{ stdout: string; stderr: string }> {
  const run = await runDiscussions(['participants', 'list'], { cwd: project, env })
  expect(run.code).toBe(0)
  return run
}

async function listing(folder: string): Promise<string[]> {
  return readdir(folder).catch(() => [])
}

describe('the check cache, through the bin', () => {
  it('gives the same answer from what it kept, and checks an edited file again', async () => {
    const file = join(project, '.discussions', 'personas', 'tester.yaml')
    await writeFile(file, persona('voting'))
    const first = await participants()
    expect(first.stdout).toMatch(/^tester\s+AI-Tester\s+voting\s/m)
    // Only the bundle knows its build, and keeps checks by it; from source nothing is kept.
    const ranBundle = (await listing(join(root, 'code'))).length > 0
    const kept = await listing(join(root, 'state', 'checked'))
    expect(kept).toEqual(ranBundle ? [expect.stringMatching(/^[0-9a-f]{16}\.bin$/)] : [])
    expect(await participants()).toEqual(first)

    await writeFile(file, persona('voter'))
    const broken = await participants()
    expect(broken.stderr).toContain(
      `warning: .discussions/personas/tester.yaml:4: type: must be "voting" or "background" (got "voter")`,
    )
    expect(broken.stdout).not.toMatch(/^tester\s/m)

    await writeFile(file, persona('background'))
    expect((await participants()).stdout).toMatch(/^tester\s+AI-Tester\s+background\s/m)
  })

  it('checks an edited providers.yaml again, and reports a misspelt key at its line', async () => {
    const file = join(root, 'config', 'providers.yaml')
    await mkdir(join(root, 'config'), { recursive: true })
    const entry = (key: string): string =>
      ['providers:', '  - name: local', `    ${key}: "cat"`, '    timeout: 30', ''].join('\n')
    await writeFile(file, entry('command'))
    const list = () => runDiscussions(['providers', 'list', '--offline'], { cwd: project, env })
    const first = await list()
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/^local\s+command\s+yes\s+user\s/m)
    expect(await list()).toEqual(first)

    await writeFile(file, entry('comand'))
    const broken = await list()
    expect(broken.stderr).toContain(
      `warning: ${file}:3: providers[0]: unknown key "comand" (did you mean "command"?)`,
    )
    expect(broken.stdout).not.toMatch(/^local\s/m)
  })

  it('loads no zod for a turn whose files were all checked before', async () => {
    const created = await runDiscussions(
      ['new', 'Warm start', '-t', 'brainstorm', '-p', 'architect,security', '-d', project],
      { cwd: project, env },
    )
    expect(created.code).toBe(0)
    const file = created.stdout.replace(/^Created: /, '').trim()
    const showPrompt = (codeCache: string) =>
      runDiscussions(['turn', file, '@all', '--show-prompt'], {
        cwd: project,
        env: { ...env, DISCUSSIONS_CODE_CACHE: join(root, codeCache) },
      })
    expect((await showPrompt('cold')).code).toBe(0)
    // A code cache of its own lists every bundle file the second run loaded, and only those.
    const warm = await showPrompt('warm')
    expect(warm).toMatchObject({ code: 0, stderr: '' })
    const [build] = await listing(join(root, 'warm'))
    if (build === undefined) return // running from source: there is no bundle to look into
    const cacheFile = await readFile(join(root, 'warm', build, 'turn.bin'))
    const header = cacheFile.toString('utf8', 4, 4 + cacheFile.readUInt32LE(0))
    const loaded = (JSON.parse(header) as [string][]).map(([name]) => name)
    expect(loaded.length).toBeGreaterThan(10)
    const withZod: string[] = []
    for (const name of loaded) {
      const text = await readFile(join(ROOT, 'dist', 'cli', name), 'utf8')
      if (text.includes('$ZodType')) withZod.push(name)
    }
    expect(withZod).toEqual([])
  })
})
