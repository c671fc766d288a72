/**
 * bin/discussions.cjs runs the bundle (dist/cli) only while no source it was made from is newer
 * or gone; otherwise the sources through tsx, so a checkout never runs stale code. Checked on a
 * copy of the bin in a folder of its own, with a "bundle" and "sources" that say which one ran.
 */
import { spawnSync } from 'node:child_process'
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { BIN, ROOT } from '../support/run-cli.js'

let root: string

async function write(path: string, text: string, secondsAgo: number): Promise<void> {
  const full = join(root, path)
  await mkdir(join(full, '..'), { recursive: true })
  await writeFile(full, text)
  const at = new Date(Date.now() - secondsAgo * 1000)
  await utimes(full, at, at)
}

function whichRan(): string {
  const run = spawnSync(process.execPath, [join(root, 'bin', 'discussions.cjs')], {
    encoding: 'utf8',
  })
  expect(run.stderr).toBe('')
  return run.stdout.trim()
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'discussions-bin-'))
  await mkdir(join(root, 'bin'))
  await copyFile(BIN, join(root, 'bin', 'discussions.cjs'))
  await symlink(join(ROOT, 'node_modules'), join(root, 'node_modules'))
  await write('package.json', '{ "type": "module" }\n', 60)
  await write('src/cli/index.ts', "const from: string = 'sources'\nconsole.log(from)\n", 60)
  await write('src/cli/other.ts', 'export {}\n', 60)
  await write('dist/cli/index.js', "console.log('bundle')\n", 10)
  await write('dist/cli/sources.json', '["src/cli/index.ts", "src/cli/other.ts"]\n', 10)
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('the bin', () => {
  it('runs the bundle while it is newer than every source it was made from', () => {
    expect(whichRan()).toBe('bundle')
  })

  it('runs the sources once one of them was edited after the build', async () => {
    await write('src/cli/other.ts', 'export const edited = true\n', 0)
    expect(whichRan()).toBe('sources')
  })

  it('runs the sources when a source the bundle was made from is gone', async () => {
    await unlink(join(root, 'src', 'cli', 'other.ts'))
    expect(whichRan()).toBe('sources')
  })

  it('runs the sources when the bundle does not say what it was made from', async () => {
    await unlink(join(root, 'dist', 'cli', 'sources.json'))
    expect(whichRan()).toBe('sources')
    await write('dist/cli/sources.json', 'not JSON', 10)
    expect(whichRan()).toBe('sources')
  })

  it('runs the sources when there is no bundle, and the bundle when there are no sources', async () => {
    await rm(join(root, 'dist'), { recursive: true })
    expect(whichRan()).toBe('sources')
    await write('dist/cli/index.js', "console.log('bundle')\n", 10)
    await rm(join(root, 'src'), { recursive: true })
    expect(whichRan()).toBe('bundle')
  })

  it('exits only once the command has nothing left to do, with the exit code it set', async () => {
    // The bin exits as soon as the event loop is empty, skipping Node's teardown: work still
    // pending then (a timer, a write, a child process) must finish first, and 'exit' handlers
    // still run.
    const mark = join(root, 'finished.txt')
    await write(
      'dist/cli/index.js',
      [
        "import { writeFile } from 'node:fs/promises'",
        "process.on('exit', (code) => console.log(`exit ${code}`))",
        'setTimeout(async () => {',
        "  await writeFile(process.env.MARK, 'finished')",
        '  process.exitCode = 3',
        '}, 200)',
      ].join('\n'),
      10,
    )
    const run = spawnSync(process.execPath, [join(root, 'bin', 'discussions.cjs')], {
      encoding: 'utf8',
      env: { ...process.env, MARK: mark },
    })
    expect(run.stderr).toBe('')
    expect(run.stdout).toBe('exit 3\n')
    expect(run.status).toBe(3)
    expect(await readFile(mark, 'utf8')).toBe('finished')
  })

  it('keeps compiled code in the compile cache folder it is given, and runs the same from it', async () => {
    const cache = join(root, 'compile-cache')
    const env = { ...process.env, NODE_COMPILE_CACHE: cache }
    const run = () =>
      spawnSync(process.execPath, [join(root, 'bin', 'discussions.cjs')], { encoding: 'utf8', env })
    expect(run().stdout).toBe('bundle\n')
    expect((await readdir(cache, { recursive: true })).length).toBeGreaterThan(0)
    expect(run().stdout).toBe('bundle\n')
  })
})

describe('the bin on a Node older than it needs', () => {
  it('says in one line which Node it needs and how to get it, and exits 2', async () => {
    // Node's version as an older Node reports it (a real Node 20 runs the bin in .ci/run too).
    const older = join(root, 'older-node.cjs')
    await writeFile(
      older,
      "Object.defineProperty(process.versions, 'node', { value: '20.19.0' })\n" +
        "Object.defineProperty(process, 'version', { value: 'v20.19.0' })\n",
    )
    const run = spawnSync(
      process.execPath,
      ['--require', older, join(root, 'bin', 'discussions.cjs'), '--version'],
      { encoding: 'utf8' },
    )
    expect(run.status).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(
      'discussions needs Node.js 22.12 or newer, and this is v20.19.0: install a current LTS from https://nodejs.org or with your version manager (nvm install --lts).\n',
    )
  })
})
