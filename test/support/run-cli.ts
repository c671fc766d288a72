/**
 * Running the real `discussions` bin as a user's shell does, inside `coldThenWarm`: a CLI journey
 * runs twice, first with an empty compile cache of its own (cold: Node compiles the
 * bundle), then again with the cache that first run left (warm: Node takes the compiled code from
 * it). A machine that has run the bin before must not be able to pass a test the first run of a
 * fresh install would fail, nor the other way round; a terminal UI that broke only on its second
 * start went unnoticed while the tests ran each command once. A run of the bin outside
 * `coldThenWarm` throws.
 */
import { spawn } from 'node:child_process'
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, afterEach, beforeEach, describe } from 'vitest'
import type { RunnerTask, RunnerTestSuite } from 'vitest'

export const ROOT = join(import.meta.dirname, '..', '..')
export const BIN = join(ROOT, 'bin', 'discussions.cjs')

export type Pass = 'cold' | 'warm'

/** The pass the running test is in, and the compile cache folder its runs of the bin use. */
let current: { pass: Pass; cache: string; checkedWarm: boolean } | null = null

/** The tests of a suite, nested ones included, in the order they were declared. */
function testsOf(suite: RunnerTestSuite): RunnerTask[] {
  return suite.tasks.flatMap((task) => (task.type === 'suite' ? testsOf(task) : [task]))
}

/** The block of the pass named `name` that holds `task`. */
function passSuiteOf(task: RunnerTask, name: string): RunnerTestSuite {
  for (let suite = task.suite; suite; suite = suite.suite) if (suite.name === name) return suite
  throw new Error(`coldThenWarm: a test outside "${name}"`)
}

/**
 * Declares the tests `define` makes twice, in a block per pass: first `title (cold)`, where each
 * test's runs of the bin start from an empty compile cache of its own, then `title (warm)`, where
 * the same test (the one declared at the same place; `define` may name it by pass) runs again
 * with the cache its cold run filled. The warm run fails if that cache is empty, as a warm run on
 * an empty cache would prove nothing.
 */
export function coldThenWarm(
  title: string,
  define: (pass: Pass) => void,
  options: { retry?: number; timeout?: number; skip?: boolean } = {},
): void {
  const { skip = false, ...testOptions } = options
  const caches = new Map<number, string>()
  afterAll(() => {
    for (const cache of caches.values()) rmSync(cache, { recursive: true, force: true })
  })
  for (const pass of ['cold', 'warm'] as const) {
    const name = `${title} (${pass})`
    describe.skipIf(skip)(name, testOptions, () => {
      beforeEach((context) => {
        const place = testsOf(passSuiteOf(context.task, name)).indexOf(context.task)
        let cache = caches.get(place)
        if (pass === 'cold') {
          // Each attempt of a cold run (a retry too) starts from nothing.
          if (cache !== undefined) rmSync(cache, { recursive: true, force: true })
          cache = mkdtempSync(join(tmpdir(), 'discussions-compile-cache-'))
          caches.set(place, cache)
        }
        if (cache === undefined)
          throw new Error('coldThenWarm: this warm run has no cold run before it')
        current = { pass, cache, checkedWarm: false }
      })
      afterEach(() => {
        current = null
      })
      define(pass)
    })
  }
}

/**
 * The environment the bin runs with in the current pass: `base` (the test's own environment) and
 * `env`, with the pass's compile cache and Node's switch that would turn it off removed.
 */
export function binEnv(
  env: NodeJS.ProcessEnv = {},
  base: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  if (current === null)
    throw new Error(
      'The bin ran outside coldThenWarm: declare the test inside coldThenWarm (test/support/run-cli.ts), which runs it cold, then warm.',
    )
  if (current.pass === 'warm' && !current.checkedWarm) {
    if (readdirSync(current.cache).length === 0)
      throw new Error('A warm run found its compile cache empty: the cold run compiled nothing.')
    current.checkedWarm = true
  }
  return {
    ...base,
    ...env,
    NODE_COMPILE_CACHE: current.cache,
    NODE_DISABLE_COMPILE_CACHE: undefined,
  }
}

/** The pass of the running test; null outside `coldThenWarm`. */
export function currentPass(): Pass | null {
  return current?.pass ?? null
}

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

/** Collects a child's output until it exits. */
export function collect(child: ChildProcessWithoutNullStreams): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** Runs the real `discussions` bin in a child process, as a user's shell would. */
export function runDiscussions(
  args: readonly string[],
  options: { input?: string | Uint8Array; cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CliRun> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: binEnv(options.env),
  })
  child.stdin.end(options.input ?? '')
  return collect(child)
}

const quote = (word: string): string => `'${word.replaceAll("'", "'\\''")}'`

/**
 * Runs the real bin with a terminal on its stdin and stdout (a pseudo-terminal from util-linux's
 * `script`), as a person at a terminal runs it. The terminal merges stderr into `stdout`. With
 * `size`, the terminal reports that size (else none, as some CI terminals do).
 */
export function runInTerminal(
  args: readonly string[],
  options: {
    cwd?: string
    env?: NodeJS.ProcessEnv
    size?: { columns: number; rows: number }
  } = {},
): Promise<CliRun> {
  const size = options.size
    ? `stty rows ${options.size.rows} cols ${options.size.columns} && exec `
    : ''
  const command = size + [process.execPath, BIN, ...args].map(quote).join(' ')
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    cwd: options.cwd ?? ROOT,
    env: binEnv(options.env),
  })
  child.stdin.end()
  return collect(child)
}

/** Runs a shell pipeline of `discussions` commands (`discussions` stands for the bin). */
export function runPipeline(pipeline: string, cwd = ROOT): Promise<CliRun> {
  const command = pipeline.replaceAll('discussions ', `"${process.execPath}" "${BIN}" `)
  const child = spawn('bash', ['-o', 'pipefail', '-c', command], { cwd, env: binEnv() })
  child.stdin.end()
  return collect(child)
}
