/**
 * The CLI as a user runs it: the real bin (`bin/discussions.cjs`) on the bundle (dist/cli), one
 * process per command, wall time from launch to exit and peak RSS (from /usr/bin/time), beside
 * `node -e 0` measured the same way in the same run.
 *
 * 1. Start-up: `--version`, `--help`, and `parse` / `status` / `votes` on a small discussion.
 * 2. `comment` on a 10 KB and a 10 MB discussion: first append (nothing cached) and later ones.
 * 3. `parse` of a 50,000-comment discussion.
 * 4. A turn of 8 personas and a 1-round personality council whose provider (a command) takes
 *    L seconds: wall / L, and when the first provider process started after launch.
 *
 * Run alone with `npx tsx bench/cli.bench.ts`; `npm run bench` runs it with the others.
 */
import { spawn, spawnSync } from 'node:child_process'
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { median, table } from './measure.js'
import { syntheticDiscussion } from './synthetic.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const BIN = join(ROOT, 'bin', 'discussions.cjs')
const COMPILED = join(ROOT, 'dist', 'cli', 'index.js')
const SOURCES = join(ROOT, 'dist', 'cli', 'sources.json')
const TIME = '/usr/bin/time'
const LATENCY_S = Number(process.env.BENCH_CLI_LATENCY_S ?? 2)
const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 9)
// Turns and councils, each L long: five, because one slow minute of a shared 2-core machine moved
// the median of three by 60 ms.
const LATENCY_RUNS = Number(process.env.BENCH_CLI_LATENCY_RUNS ?? 5)

interface Run {
  ms: number
  rssMb: number
  code: number | null
  stderr: string
}

/** Whether the bundle is older than a source it was made from, as the bin decides it. */
function bundleIsStale(): boolean {
  if (!existsSync(COMPILED) || !existsSync(SOURCES)) return true
  const builtAt = statSync(COMPILED).mtimeMs
  const sources = JSON.parse(readFileSync(SOURCES, 'utf8')) as string[]
  return sources.some((source) => {
    const path = join(ROOT, source)
    return !existsSync(path) || statSync(path).mtimeMs > builtAt
  })
}

/** The bench measures the bundle: build it when it is missing or older than the sources. */
function ensureBuild(): void {
  if (!bundleIsStale()) return
  console.log('Building the CLI (npm run build:cli) so the bin runs the bundle ...')
  const result = spawnSync('npm', ['run', '-s', 'build:cli'], { cwd: ROOT, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('npm run build:cli failed')
}

/** One process under /usr/bin/time: wall ms measured here, peak RSS as the kernel counted it. */
function runOnce(args: string[], cwd: string, env: NodeJS.ProcessEnv, input?: string): Run {
  const start = process.hrtime.bigint()
  const result = spawnSync(TIME, ['-f', '%M', process.execPath, ...args], {
    cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    ...(input !== undefined ? { input } : { stdio: ['ignore', 'pipe', 'pipe'] }),
  })
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  const lines = result.stderr.trimEnd().split('\n')
  const kb = Number(lines.pop())
  return { ms, rssMb: kb / 1024, code: result.status, stderr: lines.join('\n') }
}

interface Measured {
  ms: number
  rssMb: number
}

function measure(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  options: { runs?: number; input?: string; before?: () => void } = {},
): Measured {
  const runs: Run[] = []
  for (let i = 0; i <= (options.runs ?? RUNS); i++) {
    options.before?.()
    const run = runOnce(args, cwd, env, options.input)
    if (run.code !== 0)
      throw new Error(`discussions ${args.slice(1).join(' ')} exited ${run.code}: ${run.stderr}`)
    if (i > 0) runs.push(run) // the first run warms the disk cache
  }
  return { ms: median(runs.map((r) => r.ms)), rssMb: median(runs.map((r) => r.rssMb)) }
}

interface Workspace {
  root: string
  env: NodeJS.ProcessEnv
  script: string
  starts: string
}

/**
 * A project with two command providers that answer `latency` seconds after they start and log
 * when that was: `slow`, a shell script (a provider whose own start-up is next to nothing, so
 * L is what it takes), the default; and `slow-node`, a Node.js script, which on top of L pays
 * its own start-up (about 50 ms alone, several times that when eight start at once on two
 * cores), as CLI agents written in Node.js do.
 */
async function workspace(root: string, latencySeconds: number): Promise<Workspace> {
  await mkdir(join(root, '.git'), { recursive: true })
  await mkdir(join(root, 'config'), { recursive: true })
  const starts = join(root, 'starts')
  await mkdir(starts)
  const answer = JSON.stringify({ comment: 'A considered answer.', vote: 'READY' })
  const script = join(root, 'slow-ai')
  await writeFile(
    script,
    `#!/bin/sh
date +%s%3N > ${JSON.stringify(starts)}/$$
cat > /dev/null
sleep ${latencySeconds}
printf '%s' '${answer}'
`,
  )
  const nodeScript = join(root, 'slow-node-ai')
  // performance.timeOrigin is when this provider process began, on the wall clock.
  await writeFile(
    nodeScript,
    `#!${process.execPath}
require('fs').writeFileSync(require('path').join(${JSON.stringify(starts)}, String(process.pid)), String(performance.timeOrigin))
process.stdin.resume()
process.stdin.on('end', () => setTimeout(() => {
  process.stdout.write(${JSON.stringify(answer)})
}, ${latencySeconds * 1000}))
`,
  )
  await chmod(script, 0o755)
  await chmod(nodeScript, 0o755)
  await writeFile(
    join(root, 'config', 'providers.yaml'),
    [
      'default: slow',
      'providers:',
      '  - name: slow',
      '    type: command',
      `    command: "${script}"`,
      '  - name: slow-node',
      '    type: command',
      `    command: "${nodeScript}"`,
      '',
    ].join('\n'),
  )
  const env = {
    ...process.env,
    DISCUSSIONS_CONFIG_DIR: join(root, 'config'),
    DISCUSSIONS_STATE_DIR: join(root, 'state'),
    DISCUSSIONS_USER: 'Rob',
    // The bin's code cache, kept here so each run of the bench starts from the same place: the
    // first run of each command makes it (a warm-up run, not counted).
    DISCUSSIONS_CODE_CACHE: join(root, 'code-cache'),
    NO_COLOR: '1',
  }
  return { root, env, script, starts }
}

const SMALL = `<!-- DISCUSSION -->
<!-- Title: Small -->
<!-- Template: feature -->
<!-- Phase: initial_feedback -->
<!-- Status: OPEN -->
<!-- Participants: architect, security -->

# Small

## Context

A small discussion.

---

Name: AI-Architect
Looks fine.

VOTE: READY

---

Name: Rob
Agreed.

VOTE: READY

---
`

async function benchStartup(ws: Workspace): Promise<Record<string, string | number>[]> {
  const file = join(ws.root, 'small.md')
  await writeFile(file, SMALL)
  const base = measure(['-e', '0'], ws.root, ws.env)
  const rows: Record<string, string | number>[] = [
    { command: 'node -e 0', ms: +base.ms.toFixed(0), 'peak MB': +base.rssMb.toFixed(1) },
  ]
  const cases: [string, string[], number, number][] = [
    ['--version', ['--version'], 150, 60],
    ['--help', ['--help'], 150, 60],
    ['parse small.md', ['parse', file], 250, 80],
    ['status small.md', ['status', file], 250, 80],
    ['votes small.md', ['votes', file], 250, 80],
  ]
  for (const [label, args, msBudget, mbBudget] of cases) {
    const m = measure([BIN, ...args], ws.root, ws.env)
    rows.push({
      command: label,
      ms: +m.ms.toFixed(0),
      'peak MB': +m.rssMb.toFixed(1),
      'x node ms': +(m.ms / base.ms).toFixed(2),
      'x node MB': +(m.rssMb / base.rssMb).toFixed(2),
      budget: `<= ${msBudget} ms, <= ${mbBudget} MB`,
      within: m.ms <= msBudget && m.rssMb <= mbBudget ? 'yes' : 'NO',
    })
  }
  // Not a budget: what the first run of a command after a build costs, before its code cache.
  const cold = measure([BIN, 'status', file], ws.root, { ...ws.env, DISCUSSIONS_CODE_CACHE: 'off' })
  rows.push({
    command: 'status small.md, no code cache',
    ms: +cold.ms.toFixed(0),
    'peak MB': +cold.rssMb.toFixed(1),
    'x node ms': +(cold.ms / base.ms).toFixed(2),
    'x node MB': +(cold.rssMb / base.rssMb).toFixed(2),
    budget: '(a first run)',
    within: '',
  })
  return rows
}

function writeFlushed(path: string, text: string): void {
  writeFileSync(path, text)
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * The two sizes run in turns (10 KB, 10 MB, 10 KB, ...), so a slower minute of a shared machine
 * weighs on both alike; each figure is a median.
 */
function benchComment(ws: Workspace): Record<string, string | number>[] {
  const sizes = [
    { label: '10 KB', comments: 35 },
    { label: '10 MB', comments: 38_000 },
  ].map(({ label, comments }) => ({
    label,
    path: join(ws.root, `comment-${label.replace(' ', '')}.md`),
    text: syntheticDiscussion(comments),
  }))
  const appendTo = (path: string): Run => {
    const run = runOnce([BIN, 'comment', path, 'A short comment from the bench.'], ws.root, ws.env)
    if (run.code !== 0) throw new Error(`discussions comment exited ${run.code}: ${run.stderr}`)
    return run
  }
  const timed = (kind: 'cold' | 'warm', runs: number): Measured[] => {
    const results = sizes.map(() => [] as Run[])
    for (let i = 0; i <= runs; i++)
      sizes.forEach((size, index) => {
        // Cold: the file was written by someone else, so no tail is cached for it. It is flushed
        // to disk first, as a file saved or cloned a while ago is: otherwise the append's
        // fdatasync would be timed writing out the 10 MB the bench itself has just written.
        if (kind === 'cold') writeFlushed(size.path, size.text)
        const run = appendTo(size.path)
        if (i > 0) results[index]?.push(run) // the first round warms the disk cache
      })
    return results.map((list) => ({
      ms: median(list.map((r) => r.ms)),
      rssMb: median(list.map((r) => r.rssMb)),
    }))
  }
  const rows: Record<string, string | number>[] = []
  for (const kind of ['cold', 'warm'] as const) {
    const [small, large] = timed(kind, RUNS)
    if (!small || !large) continue
    const name = kind === 'cold' ? 'first' : 'next'
    rows.push(
      {
        append: `${name} comment, 10 KB`,
        ms: +small.ms.toFixed(0),
        'peak MB': +small.rssMb.toFixed(1),
      },
      {
        append: `${name} comment, 10 MB`,
        ms: +large.ms.toFixed(0),
        'peak MB': +large.rssMb.toFixed(1),
      },
      {
        append: `${name}: 10 MB / 10 KB`,
        ms: +(large.ms / small.ms).toFixed(2),
        'peak MB': +(large.rssMb / small.rssMb).toFixed(2),
      },
    )
  }
  return rows
}

async function benchParse50k(ws: Workspace): Promise<Record<string, string | number>> {
  const path = join(ws.root, 'big.md')
  await writeFile(path, syntheticDiscussion(50_000))
  const m = measure([BIN, 'parse', path], ws.root, ws.env, { runs: 5 })
  return {
    command: 'parse, 50,000 comments',
    ms: +m.ms.toFixed(0),
    'peak MB': +m.rssMb.toFixed(1),
    budget: '< 1000 ms',
    within: m.ms < 1000 ? 'yes' : 'NO',
  }
}

/** Launches the bin and waits for it; returns wall seconds and the first provider's start delay. */
async function timedLaunch(
  ws: Workspace,
  args: string[],
  env: NodeJS.ProcessEnv = ws.env,
): Promise<{ seconds: number; firstStartMs: number; code: number | null }> {
  for (const name of await readdir(ws.starts)) await rm(join(ws.starts, name))
  const launchedAt = Date.now()
  const start = process.hrtime.bigint()
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ws.root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await new Promise<number | null>((done) => child.on('close', done))
  const seconds = Number(process.hrtime.bigint() - start) / 1e9
  if (code !== 0) throw new Error(`discussions ${args.join(' ')} exited ${code}: ${stderr}`)
  const starts = await Promise.all(
    (await readdir(ws.starts)).map(async (name) =>
      Number(await readFile(join(ws.starts, name), 'utf8')),
    ),
  )
  return { seconds, firstStartMs: Math.min(...starts) - launchedAt, code }
}

async function benchLatency(ws: Workspace): Promise<Record<string, string | number>[]> {
  const personas = [
    'architect',
    'security',
    'pragmatist',
    'perfectionist',
    'designer',
    'moderator',
    'researcher',
    'visualizer',
  ]
  const rows: Record<string, string | number>[] = []
  const turnOf = async (extra: string[], env = ws.env) => {
    const runs: { seconds: number; firstStartMs: number }[] = []
    // Run 0 warms the code cache and is not counted.
    for (let i = 0; i <= LATENCY_RUNS; i++) {
      const created = spawnSync(
        process.execPath,
        [BIN, 'new', `Turn ${i}`, '-t', 'brainstorm', '-p', personas.join(','), '-d', ws.root],
        { cwd: ws.root, env: ws.env, encoding: 'utf8' },
      )
      const file = created.stdout.replace(/^Created: /, '').trim()
      const run = await timedLaunch(ws, ['turn', file, '@all', ...extra], env)
      if (i > 0) runs.push(run)
    }
    return {
      runs: runs.length,
      seconds: median(runs.map((t) => t.seconds)),
      firstStartMs: median(runs.map((t) => t.firstStartMs)),
    }
  }
  const row = (
    run: string,
    measured: { runs: number; seconds: number; firstStartMs: number },
    budget: { wall: string; first: string },
  ) => ({
    run: `${run} (median of ${measured.runs})`,
    'L (s)': LATENCY_S,
    'wall (s)': +measured.seconds.toFixed(2),
    'wall / L': +(measured.seconds / LATENCY_S).toFixed(3),
    'budget wall / L': budget.wall,
    'first provider after (ms)': Math.round(measured.firstStartMs),
    'budget first': budget.first,
  })
  rows.push(row('turn, 8 personas', await turnOf([]), { wall: '<= 1.10', first: '<= 150' }))
  // For comparison, not a budget: the same turn when every provider is a Node.js program.
  rows.push(
    row('turn, 8 personas, Node.js providers', await turnOf(['--provider', 'slow-node']), {
      wall: '(their start-up on top)',
      first: '',
    }),
  )
  rows.push(
    row(
      'turn, 8 personas, no code cache',
      await turnOf([], { ...ws.env, DISCUSSIONS_CODE_CACHE: 'off' }),
      {
        wall: '(a first run)',
        first: '',
      },
    ),
  )
  const councils: { seconds: number; firstStartMs: number }[] = []
  // Run 0 warms the code cache and is not counted.
  for (let i = 0; i <= LATENCY_RUNS; i++) {
    const output = join(ws.root, `council-${i}.md`)
    const run = await timedLaunch(ws, [
      'council',
      `Question ${i}?`,
      '-r',
      '1',
      '-p',
      'slow',
      '-o',
      output,
    ])
    if (i > 0) councils.push(run)
  }
  rows.push(
    row(
      'council, personality, 1 round',
      {
        runs: councils.length,
        seconds: median(councils.map((t) => t.seconds)),
        firstStartMs: median(councils.map((t) => t.firstStartMs)),
      },
      { wall: '<= 2.10', first: '<= 150' },
    ),
  )
  return rows
}

export async function benchCli(): Promise<void> {
  if (!existsSync(TIME)) {
    console.log('\nCLI bench skipped: /usr/bin/time (GNU time) is needed for peak RSS.')
    return
  }
  ensureBuild()
  const root = await mkdtemp(join(tmpdir(), 'discussions-bench-cli-'))
  try {
    const ws = await workspace(root, LATENCY_S)
    // BENCH_CLI=startup,parse,comment,turn runs some parts only.
    const parts = new Set((process.env.BENCH_CLI ?? 'startup,parse,comment,turn').split(','))
    if (parts.has('startup')) {
      console.log(
        '\nCLI start-up through bin/discussions.cjs (the bundle in dist/cli), median of runs',
      )
      table(await benchStartup(ws))
    }
    if (parts.has('parse')) {
      console.log('\nparse through the CLI')
      table([await benchParse50k(ws)])
    }
    if (parts.has('comment')) {
      console.log(
        '\ncomment through the CLI: 10 MB against 10 KB (budget: <= 1.2x time and memory)',
      )
      table(benchComment(ws))
    }
    if (parts.has('turn')) {
      console.log(`\nTurn and council through the CLI, command provider taking L = ${LATENCY_S} s`)
      table(await benchLatency(ws))
    }
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`node ${process.version}, ${process.platform}/${process.arch}`)
  await benchCli()
}
