/**
 * bin/run-bundle.cjs runs the CLI bundle with a V8 code cache. Checked on a small bundle of the
 * shape scripts/build-cli.mjs writes (function bodies, a manifest), run by a real Node.js process
 * with a cache folder of the test's own: each file runs once however often it is required, the
 * first run writes the caches and later runs take them, a cache that is garbage or from another
 * build is not used, and nothing goes wrong when there can be no cache.
 */
import { spawnSync } from 'node:child_process'
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { beforeEach, describe, expect, it } from 'vitest'

import { ROOT } from '../support/run-cli.js'
import { writeText } from '../support/files.js'
import { tempFolder } from '../support/temp.js'

const RUNNER = pathToFileURL(join(ROOT, 'bin', 'run-bundle.cjs')).href
const BUILD = '0123456789abcdef'
const cacheName = `${BUILD}-${process.version}-${process.arch}`

let root: string
let bundle: string
let cache: string

/** Runs the bundle as the bin does, in a Node.js process of its own. */
function runner(argv: string[], env: NodeJS.ProcessEnv) {
  const script = `import(${JSON.stringify(RUNNER)}).then((m) => m.runBundle(${JSON.stringify(bundle)}, ${JSON.stringify(argv)}))`
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  })
}

/** Runs the bundle as the bin does, for `argv`; its stdout, after checking it exited cleanly. */
function run(argv: string[], env: NodeJS.ProcessEnv = { DISCUSSIONS_CODE_CACHE: cache }): string {
  const result = runner(argv, env)
  expect(result.stderr).toBe('')
  expect(result.status).toBe(0)
  return result.stdout
}

/** The bundle files a command's cache file holds a cache for, and when it was written. */
async function cacheOf(command: string): Promise<{ files: string[]; writtenAt: number }> {
  const file = join(cache, cacheName, `${command}.bin`)
  const bytes = await readFile(file)
  const entries = JSON.parse(bytes.toString('utf8', 4, 4 + bytes.readUInt32LE(0))) as [string][]
  return { files: entries.map(([name]) => name).sort(), writtenAt: (await stat(file)).mtimeMs }
}

beforeEach(async () => {
  root = await tempFolder('discussions-code-cache-')
  bundle = join(root, 'dist', 'cli')
  cache = join(root, 'cache')
  // The entry requires a shared chunk and imports another, which requires the shared chunk too: it
  // must run once. The imported chunk needs an ES-module dependency with top-level await, which
  // only an import() can load, so the manifest lists it.
  await writeText(
    join(bundle, 'manifest.json'),
    JSON.stringify({
      build: BUILD,
      entry: 'index.js',
      esmDependencies: { 'chunks/late.js': ['awaits'] },
    }),
  )
  await writeText(
    join(bundle, 'index.js'),
    [
      'var shared = require("./chunks/shared.js");',
      'shared.count();',
      '__importChunk("./chunks/late.js").then((late) => {',
      '  console.log(late.describe(), shared.count());',
      '});',
    ].join('\n'),
  )
  await writeText(
    join(bundle, 'chunks', 'shared.js'),
    'var runs = 0; var calls = 0; runs += 1;\nexports.count = () => `runs ${runs}, calls ${++calls}`;\n',
  )
  await writeText(
    join(bundle, 'chunks', 'late.js'),
    [
      'var shared = require("./shared.js");',
      'var awaits = require("awaits");',
      'var path = require("node:path");',
      'exports.describe = () => [awaits.value, path.basename(__importMeta.dirname), shared.count()].join(" / ");',
    ].join('\n'),
  )
  await writeText(
    join(bundle, 'node_modules', 'awaits', 'package.json'),
    '{ "name": "awaits", "type": "module", "exports": "./index.js" }\n',
  )
  await writeText(
    join(bundle, 'node_modules', 'awaits', 'index.js'),
    'export const value = await Promise.resolve("awaited")\n',
  )
})

describe('the bundle runner', () => {
  it('runs each file once, hands over ES-module dependencies, and gives each its own import.meta', () => {
    expect(run(['status'])).toBe('awaited / chunks / runs 1, calls 2 runs 1, calls 3\n')
  })

  it("hands the bundle its manifest's build, which names what it keeps by build", async () => {
    await writeText(
      join(bundle, 'index.js'),
      'console.log(String(globalThis[Symbol.for("discussions.build")]))\n',
    )
    expect(run(['status'])).toBe(`${BUILD}\n`)
  })

  it('writes a cache per command on the first run and takes it on the next', async () => {
    const first = run(['status', 'a.md'])
    const written = await cacheOf('status')
    expect(written.files).toEqual(['chunks/late.js', 'chunks/shared.js', 'index.js'])
    expect(run(['status', 'a.md'])).toBe(first)
    expect(await cacheOf('status')).toEqual(written)
    // Another command warms a cache of its own; a run without a command uses `default`.
    run(['turn'])
    run(['--version'])
    expect((await readdir(join(cache, cacheName))).sort()).toEqual([
      'default.bin',
      'status.bin',
      'turn.bin',
    ])
  })

  it('grows the cache of a command by the files a later run loads for the first time', async () => {
    await writeText(
      join(bundle, 'index.js'),
      'if (process.argv.length > 99) require("./chunks/shared.js")\n',
    )
    run(['status'])
    expect((await cacheOf('status')).files).toEqual(['index.js'])
    await writeText(join(bundle, 'index.js'), 'require("./chunks/shared.js")\n')
    run(['status'])
    expect((await cacheOf('status')).files).toEqual(['chunks/shared.js', 'index.js'])
  })

  it('writes no cache for a run that fails, such as a misspelt command', async () => {
    await writeText(join(bundle, 'index.js'), 'process.exitCode = 2\n')
    const result = runner(['stauts'], { DISCUSSIONS_CODE_CACHE: cache })
    expect(result.status).toBe(2)
    expect(await readdir(join(cache, cacheName))).toEqual([])
  })

  it('does not use a cache that is garbage or damaged, and replaces it', async () => {
    const expected = run(['status'])
    const file = join(cache, cacheName, 'status.bin')
    const good = await readFile(file)
    await writeFile(file, 'not a code cache')
    expect(run(['status'])).toBe(expected)
    const remade = await cacheOf('status')
    expect(remade.files).toEqual(['chunks/late.js', 'chunks/shared.js', 'index.js'])
    // The layout is right but a cache is not: V8 refuses it and the run makes a new one.
    const damaged = Buffer.from(good)
    damaged.fill(7, damaged.length - 64)
    await writeFile(file, damaged)
    expect(run(['status'])).toBe(expected)
    expect(await readFile(file)).not.toEqual(damaged)
    // What it made is taken by the next run, which writes nothing.
    const made = await cacheOf('status')
    run(['status'])
    expect(await cacheOf('status')).toEqual(made)
  })

  it('removes the caches of other builds, and nothing else in the cache folder', async () => {
    const old = join(cache, `fedcba9876543210-${process.version}-${process.arch}`)
    await mkdir(old, { recursive: true })
    await writeText(join(old, 'status.bin'), 'old')
    await writeText(join(cache, 'notes.txt'), 'mine')
    run(['status'])
    expect((await readdir(cache)).sort()).toEqual([cacheName, 'notes.txt'])
  })

  it('runs without a cache when it is off, cannot be made, or others may write into it', async () => {
    const expected = 'awaited / chunks / runs 1, calls 2 runs 1, calls 3\n'
    expect(run(['status'], { DISCUSSIONS_CODE_CACHE: 'off' })).toBe(expected)
    await writeText(join(root, 'a-file'), '')
    expect(run(['status'], { DISCUSSIONS_CODE_CACHE: join(root, 'a-file', 'cache') })).toBe(
      expected,
    )
    await mkdir(cache, { recursive: true })
    await chmod(cache, 0o777)
    expect(run(['status'])).toBe(expected)
    expect(await readdir(join(cache, cacheName))).toEqual([])
    await chmod(cache, 0o755)
    expect(run(['status'])).toBe(expected)
    expect(await readdir(join(cache, cacheName))).toEqual(['status.bin'])
  })

  it('runs a bundle without a manifest, with no cache', async () => {
    await writeText(join(bundle, 'manifest.json'), 'not JSON')
    await writeText(join(bundle, 'index.js'), 'console.log("plain")\n')
    expect(run(['status'])).toBe('plain\n')
    expect(await readdir(root)).not.toContain('cache')
  })
})
