/**
 * A dollar cap with a persona on the claude CLI, through the real bin: claude reports what a call
 * cost itself (`total_cost_usd`) and takes a cap of its own, so it is handed the rest of the budget
 * as `--max-budget-usd` instead of being refused for having no `prices`, and the call is counted
 * at the cost it reports. Several claude personas of one turn run side by side, each handed its
 * share of the rest. The program is a stand-in named `claude` that speaks claude's
 * stream-json and records the arguments it was started with.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

const REPORTED_COST = 0.0123

/** claude's stream: the init line, the answer in one text delta, the result with its cost. */
function standInClaude(argsFile: string): string {
  const answer = JSON.stringify({ comment: 'Measure first, then cache.', vote: 'READY' })
  const lines = [
    { type: 'system', subtype: 'init', model: 'claude-stand-in' },
    {
      type: 'stream_event',
      event: { type: 'content_block_delta', delta: { type: 'text_delta', text: answer } },
    },
    {
      type: 'result',
      result: answer,
      usage: { input_tokens: 120, output_tokens: 30 },
      total_cost_usd: REPORTED_COST,
    },
  ]
  return [
    '#!/usr/bin/env node',
    "const { appendFileSync } = require('node:fs')",
    `appendFileSync(${JSON.stringify(argsFile)}, JSON.stringify(process.argv.slice(2)) + '\\n')`,
    "process.stdin.resume(); process.stdin.on('end', () => {",
    ...lines.map(
      (line) => `  process.stdout.write(${JSON.stringify(JSON.stringify(line))} + '\\n')`,
    ),
    '})',
  ].join('\n')
}

/** A project whose personas all answer through the stand-in claude; a discussion of `participants`. */
async function claudeProject(participants: readonly string[]) {
  const root = await tempFolder('budget-claude-')
  await mkdir(join(root, '.git'))
  const config = join(root, '.config')
  const bin = join(root, 'bin')
  await mkdir(config)
  await mkdir(bin)
  const argsFile = join(root, 'claude-args.jsonl')
  await writeFile(join(bin, 'claude'), standInClaude(argsFile))
  await chmod(join(bin, 'claude'), 0o755)
  await writeFile(
    join(config, 'providers.yaml'),
    `providers:\n  - name: claude-agent\n    type: command\n    command: ${join(bin, 'claude')} -p\ndefault: claude-agent\n`,
  )
  const env = {
    DISCUSSIONS_CONFIG_DIR: config,
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_USER: 'Rob',
  }
  const run = (args: readonly string[]) => runDiscussions(args, { cwd: root, env })
  const created = await run(['new', 'Cache layer', '--participants', participants.join(',')])
  expect(created.code).toBe(0)
  const file = (created.stdout.trim().split('\n').pop() ?? '').replace(/^Created: /, '')
  return { run, file, argsFile, config }
}

/** The arguments each claude stand-in was started with, in the order they started. */
async function startedArgs(argsFile: string): Promise<string[][]> {
  return (await readFile(argsFile, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as string[])
}

coldThenWarm('claude under a dollar cap', () => {
  it('is handed the rest of the budget as --max-budget-usd and counted at the cost it reports', async () => {
    const { run, file, argsFile, config } = await claudeProject(['architect', 'security'])

    const turn = await run(['turn', file, '@architect', '--max-cost', '0.5'])
    expect(turn.stderr).toBe('')
    expect(turn.code).toBe(0)
    const started = (await readFile(argsFile, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as string[])
    expect(started).toHaveLength(1)
    const args = started[0] ?? []
    expect(args).toContain('--output-format')
    expect(args[args.indexOf('--max-budget-usd') + 1]).toBe('0.5000')

    const parsed = await run(['parse', file])
    const [comment] = (
      JSON.parse(parsed.stdout) as {
        comments: { usage: { provider: string; costUsd: number | null } | null }[]
      }
    ).comments
    expect(comment?.usage).toMatchObject({ provider: 'claude-agent', costUsd: REPORTED_COST })

    // Under a cap per discussion, the next run's call is handed what the first one left.
    await writeFile(join(config, 'discussions.yaml'), 'budget:\n  max_cost_per_discussion: 0.5\n')
    expect((await run(['turn', file, '@security'])).code).toBe(0)
    const next =
      (await readFile(argsFile, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as string[])[1] ?? []
    expect(next[next.indexOf('--max-budget-usd') + 1]).toBe((0.5 - REPORTED_COST).toFixed(4))
  })

  it('hands each of several claude personas its share of the cap, all started side by side', async () => {
    const { run, file, argsFile } = await claudeProject(['architect', 'security', 'pragmatist'])
    const turn = await run(['turn', file, '@all', '--max-cost', '0.3'])
    expect(turn.stderr).toBe('')
    expect(turn.code).toBe(0)
    const started = await startedArgs(argsFile)
    expect(started).toHaveLength(3)
    // A third of the rest each, all reserved before any ended: one after another, the second
    // would have been handed half of what the first left (0.1439).
    // (Each share is rounded down to four decimals, so together they never pass the cap.)
    const shares = started.map((args) => Number(args[args.indexOf('--max-budget-usd') + 1]))
    for (const share of shares) expect(share).toBeGreaterThanOrEqual(0.0999)
    expect(shares.reduce((sum, share) => sum + share, 0)).toBeLessThanOrEqual(0.3)
    const parsed = await run(['parse', file])
    const comments = (
      JSON.parse(parsed.stdout) as { comments: { usage: { costUsd: number | null } | null }[] }
    ).comments
    expect(comments.map((comment) => comment.usage?.costUsd)).toEqual([
      REPORTED_COST,
      REPORTED_COST,
      REPORTED_COST,
    ])
  })
})
