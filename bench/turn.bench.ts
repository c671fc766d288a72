/**
 * Turns: how parallel a turn really is, and what the orchestration costs per participant.
 *
 * 1. Eight personas whose provider (a real command provider: a node script) takes L seconds:
 *    wall / L in parallel (target under 1.15) against --sequential (about 8).
 * 2. The same turn with an in-process provider that answers at once: wall time per participant,
 *    which is everything we add (prompt, parse, lock, append + fdatasync, events).
 */
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { openEngine } from '../src/node/engine/open-engine.js'
import type { Engine } from '../src/node/engine/engine.js'
import { median, table } from './measure.js'

const ALL = [
  'architect',
  'security',
  'pragmatist',
  'perfectionist',
  'designer',
  'moderator',
  'researcher',
  'visualizer',
]
const LATENCY_S = Number(process.env.BENCH_TURN_LATENCY_S ?? 3)

async function workspace(root: string, latencySeconds: number): Promise<Engine> {
  await mkdir(join(root, '.git'), { recursive: true })
  await mkdir(join(root, 'config'), { recursive: true })
  const script = join(root, 'slow-ai')
  await writeFile(
    script,
    `#!${process.execPath}
process.stdin.resume()
process.stdin.on('end', () => setTimeout(() => {
  process.stdout.write(JSON.stringify({ comment: 'A considered answer.', vote: 'READY' }))
}, ${latencySeconds * 1000}))
`,
  )
  await chmod(script, 0o755)
  await writeFile(
    join(root, 'config', 'providers.yaml'),
    `default: slow\nproviders:\n  - name: slow\n    type: command\n    command: "${script}"\n`,
  )
  return openEngine({
    cwd: root,
    env: {
      ...process.env,
      DISCUSSIONS_CONFIG_DIR: join(root, 'config'),
      DISCUSSIONS_STATE_DIR: join(root, 'state'),
    },
  })
}

async function newDiscussion(engine: Engine, title: string): Promise<string> {
  return engine.create({ title, template: 'brainstorm', participants: ALL })
}

async function wallSeconds(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint()
  await work()
  return Number(process.hrtime.bigint() - start) / 1e9
}

async function benchLatency(root: string): Promise<void> {
  const engine = await workspace(root, LATENCY_S)
  const rows: Record<string, string | number>[] = []
  for (const sequential of [false, true]) {
    const file = await newDiscussion(engine, `latency ${sequential ? 'sequential' : 'parallel'}`)
    let answered = 0
    const seconds = await wallSeconds(async () => {
      const result = await engine.runTurn(file, { participants: ['@all'], sequential })
      answered = result.answers.filter((answer) => answer.outcome === 'done').length
    })
    rows.push({
      mode: sequential ? '--sequential' : 'parallel',
      participants: ALL.length,
      answered,
      'L (s)': LATENCY_S,
      'wall (s)': +seconds.toFixed(2),
      'wall / L': +(seconds / LATENCY_S).toFixed(3),
    })
  }
  console.log(`\nTurn of ${ALL.length} personas, command provider taking L = ${LATENCY_S} s`)
  table(rows)
}

async function benchOverhead(root: string): Promise<void> {
  const engine = await workspace(root, 0)
  // An in-process provider that answers at once; everything else is the engine's own path.
  const text = JSON.stringify({ comment: 'Instant answer.\n\nQ: Next?', vote: 'READY' })
  const providers = await engine.providers()
  providers.available.set('instant', {
    name: 'instant',
    kind: 'command',
    complete: () =>
      Promise.resolve({ text, usage: { inputTokens: 1, outputTokens: 1, estimated: true } }),
  })
  const perParticipant: number[] = []
  for (let run = 0; run < 9; run++) {
    const file = await newDiscussion(engine, `overhead ${run}`)
    const seconds = await wallSeconds(() =>
      engine.runTurn(file, { participants: ['@all'], provider: 'instant' }),
    )
    if (run > 0) perParticipant.push((seconds * 1000) / ALL.length) // run 0 warms up
  }
  console.log('\nOrchestration overhead, in-process instant provider (8 participants, 8 turns)')
  table([
    {
      'median ms per participant': +median(perParticipant).toFixed(2),
      'max ms per participant': +Math.max(...perParticipant).toFixed(2),
    },
  ])
}

export async function benchTurn(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'discussions-bench-turn-'))
  try {
    await benchOverhead(join(root, 'overhead'))
    await benchLatency(join(root, 'latency'))
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}
