/**
 * The CLI as a user runs it: the real bin (`bin/discussions.cjs`) on the bundle (dist/cli), one
 * process per command, wall time from launch to exit and peak RSS (from /usr/bin/time), beside
 * `node -e 0` measured the same way in the same run. Each figure is taken on every Node under
 * test (bench/nodes.ts: the running Node and 22 by default), their runs taking turns, so a slow
 * minute of a shared machine weighs on each alike.
 *
 * 1. Start-up: `--version`, `--help`, and `parse` / `status` / `votes` on a small discussion,
 *    warm (Node's compile cache filled by a first run), and `status` on an empty compile cache.
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
  mkdtempSync,
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
import { nodesUnderTest } from './nodes.js'
import type { NodeUnderTest } from './nodes.js'
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

type Row = Record<string, string | number>

interface Run {
  ms: number
  /** User and system CPU time: what a busy shared machine inflates far less than wall time. */
  cpuMs: number
  rssMb: number
  code: number | null
  stderr: string
}

interface Measured {
  ms: number
  cpuMs: number
  rssMb: number
}

const medians = (runs: Run[]): Measured => ({
  ms: median(runs.map((r) => r.ms)),
  cpuMs: median(runs.map((r) => r.cpuMs)),
  rssMb: median(runs.map((r) => r.rssMb)),
})

const NONE: Measured = { ms: NaN, cpuMs: NaN, rssMb: NaN }

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
export function ensureBuild(): void {
  if (!bundleIsStale()) return
  console.log('Building the CLI (npm run build:cli) so the bin runs the bundle ...')
  const result = spawnSync('npm', ['run', '-s', 'build:cli'], { cwd: ROOT, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('npm run build:cli failed')
}

/**
 * One process under /usr/bin/time: wall ms measured here, CPU time and peak RSS as the kernel
 * counted them.
 */
function runOnce(
  node: NodeUnderTest,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  input?: string,
): Run {
  const start = process.hrtime.bigint()
  const result = spawnSync(TIME, ['-f', '%M %U %S', node.exec, ...args], {
    cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    ...(input !== undefined ? { input } : { stdio: ['ignore', 'pipe', 'pipe'] }),
  })
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  const lines = result.stderr.trimEnd().split('\n')
  const [kb = NaN, user = NaN, system = NaN] = (lines.pop() ?? '').split(' ').map(Number)
  const run = {
    ms,
    cpuMs: (user + system) * 1000,
    rssMb: kb / 1024,
    code: result.status,
    stderr: lines.join('\n'),
  }
  if (run.code !== 0)
    throw new Error(
      `node ${node.version}: ${args.slice(1).join(' ')} exited ${run.code}: ${run.stderr}`,
    )
  return run
}

/**
 * `args` on every Node, the Nodes taking turns run by run; the medians by Node. The first round
 * warms the disk cache and, unless `env` says otherwise, each Node's compile cache.
 */
function measure(
  nodes: NodeUnderTest[],
  args: string[],
  cwd: string,
  env: () => NodeJS.ProcessEnv,
  options: { runs?: number; input?: string } = {},
): Map<NodeUnderTest, Measured> {
  const runs = new Map(nodes.map((node) => [node, [] as Run[]]))
  for (let i = 0; i <= (options.runs ?? RUNS); i++)
    for (const node of nodes) {
      const run = runOnce(node, args, cwd, env(), options.input)
      if (i > 0) runs.get(node)?.push(run)
    }
  return new Map([...runs].map(([node, list]) => [node, medians(list)]))
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
    // Node's compile cache (one folder serves every Node version), kept here so each run of the
    // bench starts from the same place: the first run of each command fills it (not counted).
    NODE_COMPILE_CACHE: join(root, 'compile-cache'),
    NODE_DISABLE_COMPILE_CACHE: undefined,
    NO_COLOR: '1',
  }
  return { root, env, script, starts }
}

/** The same environment with a compile cache that is empty at each run: a first run. */
function coldEnv(ws: Workspace): () => NodeJS.ProcessEnv {
  return () => ({
    ...ws.env,
    NODE_COMPILE_CACHE: mkdtempSync(join(ws.root, 'cold-compile-cache-')),
  })
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

/** One table row: `label` and `budget`, then each Node's figures from `cells`. */
function rowOf(
  label: Row,
  nodes: NodeUnderTest[],
  cells: (node: NodeUnderTest) => Row,
  budget?: string,
): Row {
  const row: Row = { ...label, ...(budget !== undefined ? { budget } : {}) }
  for (const node of nodes)
    for (const [name, value] of Object.entries(cells(node))) row[`${node.tag}: ${name}`] = value
  return row
}

async function benchStartup(ws: Workspace, nodes: NodeUnderTest[]): Promise<Row[]> {
  const file = join(ws.root, 'small.md')
  await writeFile(file, SMALL)
  const warm = () => ws.env
  const base = measure(nodes, ['-e', '0'], ws.root, warm)
  const baseOf = (node: NodeUnderTest): Measured => base.get(node) ?? NONE
  const rows: Row[] = [
    rowOf({ command: 'node -e 0' }, nodes, (node) => ({
      ms: +baseOf(node).ms.toFixed(0),
      'cpu ms': +baseOf(node).cpuMs.toFixed(0),
      MB: +baseOf(node).rssMb.toFixed(1),
    })),
  ]
  const cases: [string, string[], number, number, () => NodeJS.ProcessEnv][] = [
    ['--version', ['--version'], 150, 60, warm],
    ['--help', ['--help'], 150, 60, warm],
    ['parse small.md', ['parse', file], 250, 80, warm],
    ['status small.md', ['status', file], 250, 80, warm],
    ['votes small.md', ['votes', file], 250, 80, warm],
    // Not a budget: a first run, Node compiling the code it loads.
    ['status small.md, empty compile cache', ['status', file], NaN, NaN, coldEnv(ws)],
  ]
  for (const [label, args, msBudget, mbBudget, env] of cases) {
    const measured = measure(nodes, [BIN, ...args], ws.root, env)
    const budgeted = !Number.isNaN(msBudget)
    rows.push(
      rowOf(
        { command: label },
        nodes,
        (node) => {
          const m = measured.get(node) ?? NONE
          return {
            ms: +m.ms.toFixed(0),
            'cpu ms': +m.cpuMs.toFixed(0),
            MB: +m.rssMb.toFixed(1),
            'x node': +(m.ms / baseOf(node).ms).toFixed(2),
            ok: budgeted ? (m.ms <= msBudget && m.rssMb <= mbBudget ? 'yes' : 'NO') : '',
          }
        },
        budgeted ? `<= ${msBudget} ms, <= ${mbBudget} MB` : '(a first run)',
      ),
    )
  }
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
 * The two sizes run in turns (10 KB, 10 MB, 10 KB, ...), and the Nodes in turns within each, so
 * a slower minute of a shared machine weighs on all alike; each figure is a median.
 */
function benchComment(ws: Workspace, nodes: NodeUnderTest[]): Row[] {
  const sizes = [
    { label: '10 KB', comments: 35 },
    { label: '10 MB', comments: 38_000 },
  ].map(({ label, comments }) => ({
    label,
    path: join(ws.root, `comment-${label.replace(' ', '')}.md`),
    text: syntheticDiscussion(comments),
  }))
  const timed = (kind: 'cold' | 'warm', runs: number): Map<string, Measured> => {
    const results = new Map<string, Run[]>()
    for (let i = 0; i <= runs; i++)
      for (const size of sizes)
        for (const node of nodes) {
          // Cold: the file was written by someone else, so no tail is cached for it. It is
          // flushed to disk first, as a file saved or cloned a while ago is: otherwise the
          // append's fdatasync would be timed writing out the 10 MB the bench has just written.
          if (kind === 'cold') writeFlushed(size.path, size.text)
          const args = [BIN, 'comment', size.path, 'A short comment from the bench.']
          const run = runOnce(node, args, ws.root, ws.env)
          const key = `${size.label} ${node.tag}`
          if (i > 0) results.set(key, [...(results.get(key) ?? []), run]) // the first round warms
        }
    return new Map([...results].map(([key, list]) => [key, medians(list)]))
  }
  const rows: Row[] = []
  for (const kind of ['cold', 'warm'] as const) {
    const measured = timed(kind, RUNS)
    const of = (size: string, node: NodeUnderTest): Measured =>
      measured.get(`${size} ${node.tag}`) ?? NONE
    const name = kind === 'cold' ? 'first' : 'next'
    for (const size of ['10 KB', '10 MB'])
      rows.push(
        rowOf({ append: `${name} comment, ${size}` }, nodes, (node) => ({
          ms: +of(size, node).ms.toFixed(0),
          MB: +of(size, node).rssMb.toFixed(1),
        })),
      )
    rows.push(
      rowOf({ append: `${name}: 10 MB / 10 KB` }, nodes, (node) => ({
        ms: +(of('10 MB', node).ms / of('10 KB', node).ms).toFixed(2),
        MB: +(of('10 MB', node).rssMb / of('10 KB', node).rssMb).toFixed(2),
      })),
    )
  }
  return rows
}

async function benchParse50k(ws: Workspace, nodes: NodeUnderTest[]): Promise<Row> {
  const path = join(ws.root, 'big.md')
  await writeFile(path, syntheticDiscussion(50_000))
  const measured = measure(nodes, [BIN, 'parse', path], ws.root, () => ws.env, { runs: 5 })
  return rowOf(
    { command: 'parse, 50,000 comments' },
    nodes,
    (node) => {
      const m = measured.get(node) ?? NONE
      return {
        ms: +m.ms.toFixed(0),
        'cpu ms': +m.cpuMs.toFixed(0),
        MB: +m.rssMb.toFixed(1),
        ok: m.ms < 1000 ? 'yes' : 'NO',
      }
    },
    '< 1000 ms',
  )
}

interface Launch {
  seconds: number
  firstStartMs: number
}

/** Launches the bin and waits for it; returns wall seconds and the first provider's start delay. */
async function timedLaunch(
  ws: Workspace,
  node: NodeUnderTest,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<Launch> {
  for (const name of await readdir(ws.starts)) await rm(join(ws.starts, name))
  const launchedAt = Date.now()
  const start = process.hrtime.bigint()
  const child = spawn(node.exec, [BIN, ...args], {
    cwd: ws.root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await new Promise<number | null>((done) => child.on('close', done))
  const seconds = Number(process.hrtime.bigint() - start) / 1e9
  if (code !== 0)
    throw new Error(`node ${node.version}: discussions ${args.join(' ')} exited ${code}: ${stderr}`)
  const starts = await Promise.all(
    (await readdir(ws.starts)).map(async (name) =>
      Number(await readFile(join(ws.starts, name), 'utf8')),
    ),
  )
  return { seconds, firstStartMs: Math.min(...starts) - launchedAt }
}

const PERSONAS = [
  'architect',
  'security',
  'pragmatist',
  'perfectionist',
  'designer',
  'moderator',
  'researcher',
  'visualizer',
]

/**
 * `launch(node, i)` LATENCY_RUNS times on every Node, the Nodes taking turns; run 0 warms the
 * compile cache and is not counted. The medians by Node.
 */
async function latencyOf(
  nodes: NodeUnderTest[],
  launch: (node: NodeUnderTest, i: number) => Promise<Launch>,
): Promise<Map<NodeUnderTest, Launch>> {
  const runs = new Map(nodes.map((node) => [node, [] as Launch[]]))
  for (let i = 0; i <= LATENCY_RUNS; i++)
    for (const node of nodes) {
      const run = await launch(node, i)
      if (i > 0) runs.get(node)?.push(run)
    }
  return new Map(
    [...runs].map(([node, list]) => [
      node,
      {
        seconds: median(list.map((t) => t.seconds)),
        firstStartMs: median(list.map((t) => t.firstStartMs)),
      },
    ]),
  )
}

async function benchLatency(ws: Workspace, nodes: NodeUnderTest[]): Promise<Row[]> {
  const turn =
    (extra: string[], env: () => NodeJS.ProcessEnv = () => ws.env) =>
    (node: NodeUnderTest, i: number): Promise<Launch> => {
      const created = spawnSync(
        node.exec,
        [BIN, 'new', `Turn ${node.tag} ${i} ${extra.join(' ')}`, '-t', 'brainstorm'].concat([
          '--participants',
          PERSONAS.join(','),
          '-d',
          ws.root,
        ]),
        { cwd: ws.root, env: ws.env, encoding: 'utf8' },
      )
      const file = created.stdout.replace(/^Created: /, '').trim()
      return timedLaunch(ws, node, ['turn', file, '@all', ...extra], env())
    }
  const council = (node: NodeUnderTest, i: number): Promise<Launch> =>
    timedLaunch(
      ws,
      node,
      [
        'council',
        `Question ${i}?`,
        '-r',
        '1',
        '-p',
        'slow',
        '-o',
        join(ws.root, `council-${node.tag}-${i}.md`),
      ],
      ws.env,
    )
  const cases: [string, Map<NodeUnderTest, Launch>, string, number][] = [
    ['turn, 8 personas', await latencyOf(nodes, turn([])), 'wall / L <= 1.10', 1.1],
    // For comparison, not budgets: every provider a Node.js program; a first run.
    [
      'turn, 8 personas, Node.js providers',
      await latencyOf(nodes, turn(['--provider', 'slow-node'])),
      '(their start-up on top)',
      NaN,
    ],
    [
      'turn, 8 personas, empty compile cache',
      await latencyOf(nodes, turn([], coldEnv(ws))),
      '(a first run)',
      NaN,
    ],
    ['council, personality, 1 round', await latencyOf(nodes, council), 'wall / L <= 2.10', 2.1],
  ]
  return cases.map(([run, measured, budget, wallBudget]) =>
    rowOf(
      { run: `${run} (median of ${LATENCY_RUNS})`, 'L (s)': LATENCY_S },
      nodes,
      (node) => {
        const m = measured.get(node) ?? { seconds: NaN, firstStartMs: NaN }
        const ratio = m.seconds / LATENCY_S
        return {
          'wall / L': +ratio.toFixed(3),
          'first (ms)': Math.round(m.firstStartMs),
          ok: Number.isNaN(wallBudget) ? '' : ratio <= wallBudget ? 'yes' : 'NO',
        }
      },
      budget,
    ),
  )
}

export async function benchCli(): Promise<void> {
  if (!existsSync(TIME)) {
    console.log('\nCLI bench skipped: /usr/bin/time (GNU time) is needed for peak RSS.')
    return
  }
  ensureBuild()
  const nodes = nodesUnderTest()
  console.log(`\nThe CLI on ${nodes.map((node) => `Node ${node.version}`).join(' and ')}`)
  const root = await mkdtemp(join(tmpdir(), 'discussions-bench-cli-'))
  try {
    const ws = await workspace(root, LATENCY_S)
    // BENCH_CLI=startup,parse,comment,turn runs some parts only.
    const parts = new Set((process.env.BENCH_CLI ?? 'startup,parse,comment,turn').split(','))
    if (parts.has('startup')) {
      console.log(
        '\nCLI start-up through bin/discussions.cjs (the bundle in dist/cli), median of runs',
      )
      table(await benchStartup(ws, nodes))
    }
    if (parts.has('parse')) {
      console.log('\nparse through the CLI')
      table([await benchParse50k(ws, nodes)])
    }
    if (parts.has('comment')) {
      console.log(
        '\ncomment through the CLI: 10 MB against 10 KB (budget: <= 1.2x time and memory)',
      )
      table(benchComment(ws, nodes))
    }
    if (parts.has('turn')) {
      console.log(`\nTurn and council through the CLI, command provider taking L = ${LATENCY_S} s`)
      table(await benchLatency(ws, nodes))
    }
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`node ${process.version}, ${process.platform}/${process.arch}`)
  await benchCli()
}
