/**
 * Search on the generated folder (bench/search-fixture.ts: 1,000 discussions x 100 comments):
 *
 * 1. The CLI, `discussions search QUERY FOLDER --json` through the real bin on its bundle, one
 *    process per run: cold (an empty compile cache each run) and warm (the cache filled).
 * 2. The app's and the terminal UI's search (`FolderSearch`, kept in memory between keystrokes):
 *    the first query (every file read and cut into units) and then each keystroke of a query
 *    typed letter by letter, as the list's search box sends them.
 *
 * Run alone with `npx tsx bench/search.bench.ts`; `npm run bench` runs it with the others.
 * BENCH_SEARCH_DISCUSSIONS and BENCH_SEARCH_COMMENTS change the folder's size.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { FolderSearch } from '../src/node/engine/index.js'
import { ensureBuild } from './cli.bench.js'
import { median, table } from './measure.js'
import { writeSearchFixture } from './search-fixture.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const BIN = join(ROOT, 'bin', 'discussions.cjs')
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 5)
const DISCUSSIONS = Number(process.env.BENCH_SEARCH_DISCUSSIONS ?? 1000)
const COMMENTS = Number(process.env.BENCH_SEARCH_COMMENTS ?? 100)
/** A rare topic word, a common word, two words, and a word no file holds. */
const QUERIES = ['gdpr', 'kalo', 'idempotency rollback', 'nowhere']

interface CliRun {
  ms: number
  /** User and system CPU time: what a busy shared machine inflates far less than wall time. */
  cpuMs: number
}

function cliRun(root: string, folder: string, query: string, cache: string): CliRun {
  const start = process.hrtime.bigint()
  const command = [process.execPath, BIN, 'search', query, folder, '--json']
  const result = spawnSync(
    '/usr/bin/time',
    ['-f', '%U %S', '-o', join(root, 'time.txt'), ...command],
    {
      cwd: root,
      env: {
        ...process.env,
        DISCUSSIONS_CONFIG_DIR: join(root, 'config'),
        DISCUSSIONS_STATE_DIR: join(root, 'state'),
        NODE_COMPILE_CACHE: cache,
        NODE_DISABLE_COMPILE_CACHE: undefined,
      },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  if (result.status !== 0 && result.status !== 1)
    throw new Error(`search ${query} exited ${result.status}: ${result.stderr}`)
  const [user = NaN, system = NaN] = readFileSync(join(root, 'time.txt'), 'utf8')
    .trim()
    .split('\n')
    .at(-1)!
    .split(' ')
    .map(Number)
  return { ms, cpuMs: (user + system) * 1000 }
}

/** Wall and CPU milliseconds of one piece of work (CPU: this process, its file-reading threads too). */
async function timed(work: () => Promise<unknown>): Promise<{ ms: number; cpuMs: number }> {
  const start = process.hrtime.bigint()
  const cpu = process.cpuUsage()
  await work()
  const used = process.cpuUsage(cpu)
  return {
    ms: Number(process.hrtime.bigint() - start) / 1e6,
    cpuMs: (used.user + used.system) / 1000,
  }
}

/** As many hits as the app's list shows (useFolderSearch's SHOWN_HITS): what a keystroke asks. */
const APP_LIMIT = 50

export async function benchSearch(): Promise<void> {
  ensureBuild()
  const root = await mkdtemp(join(tmpdir(), 'discussions-bench-search-'))
  try {
    const folder = join(root, 'discussions')
    await writeSearchFixture(folder, DISCUSSIONS, COMMENTS)
    console.log(
      `\nSearch: ${DISCUSSIONS} discussions x ${COMMENTS} comments, medians of ${RUNS} runs (load average ${loadavg()[0]?.toFixed(1)})`,
    )
    const warmCache = join(root, 'compile-cache')
    cliRun(root, folder, 'warm-up', warmCache) // fills the warm compile cache (not counted)
    const cli = QUERIES.map((query) => {
      const cold: CliRun[] = []
      const warm: CliRun[] = []
      for (let i = 0; i < RUNS; i++) {
        cold.push(cliRun(root, folder, query, mkdtempSync(join(root, 'cold-cache-'))))
        warm.push(cliRun(root, folder, query, warmCache))
      }
      return {
        query,
        'CLI cold (ms)': Math.round(median(cold.map((run) => run.ms))),
        'cold CPU (ms)': Math.round(median(cold.map((run) => run.cpuMs))),
        'CLI warm (ms)': Math.round(median(warm.map((run) => run.ms))),
        'warm CPU (ms)': Math.round(median(warm.map((run) => run.cpuMs))),
      }
    })
    const app: Record<string, string | number>[] = []
    for (const query of QUERIES) {
      // A fresh search as the app and the terminal UI hold one: the first query reads every file.
      const search = new FolderSearch()
      const ask = (typed: string) => (): Promise<unknown> =>
        search.search(folder, typed, { limit: APP_LIMIT })
      const first = await timed(ask(query[0] ?? ''))
      const keystrokes: { ms: number; cpuMs: number }[] = []
      for (let run = 0; run < RUNS; run++)
        for (let typed = 1; typed <= query.length; typed++)
          keystrokes.push(await timed(ask(query.slice(0, typed))))
      const hits = (await search.search(folder, query)).total
      app.push({
        query,
        hits,
        'first query (ms)': Math.round(first.ms),
        'keystroke warm, median (ms)': Math.round(median(keystrokes.map((k) => k.ms))),
        'keystroke CPU, median (ms)': Math.round(median(keystrokes.map((k) => k.cpuMs))),
        'keystroke warm, max (ms)': Math.round(Math.max(...keystrokes.map((k) => k.ms))),
      })
    }
    table(cli)
    table(app)
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchSearch()
