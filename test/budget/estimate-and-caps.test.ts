/**
 * `--estimate` and the caps of a turn, through the real bin against the metered stand-in, which
 * counts requests and bills by its own rule (a quarter of the bytes received, a fixed answer).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import type { FakeApi } from '../providers/fake-api.js'
import { coldThenWarm } from '../support/run-cli.js'
import { startMeteredApi } from './metered-api.js'
import { budgetProject } from './project.js'

let api: FakeApi
beforeAll(async () => {
  api = await startMeteredApi()
})
afterAll(() => api.close())

interface Estimate {
  calls: { participant: string; provider: string; promptTokens: number; ceilingTokens: number }[]
  total: { costUsd: { low: number; expected: number; high: number } | null; unpriced: string[] }
  counting: string
}

interface Usage {
  costUsd: number | null
  outputTokens: number
  cut?: string
}

async function spent(project: { run(args: string[]): Promise<{ stdout: string }>; file: string }) {
  const parsed = await project.run(['parse', project.file])
  const comments = (JSON.parse(parsed.stdout) as { comments: { usage: Usage | null }[] }).comments
  return comments.flatMap((comment) => (comment.usage ? [comment.usage] : []))
}

interface ParsedSkip {
  body: string
  vote: string | null
  usage: Usage | null
  skipped: { provider: string; reason: string } | null
}

const sum = (usages: Usage[]) => usages.reduce((total, usage) => total + (usage.costUsd ?? 0), 0)

coldThenWarm('turn --estimate and the caps', () => {
  it('--estimate asks nobody, and its expected cost is within 10% of what the turn spends', async () => {
    const project = await budgetProject(api.url)
    const before = api.requests.length
    const estimated = await project.run(['turn', project.file, '@all', '--estimate', '--json'])
    expect(estimated.stderr).toBe('')
    expect(estimated.code).toBe(0)
    expect(api.requests.length).toBe(before)
    const estimate = JSON.parse(estimated.stdout) as Estimate
    expect(estimate.calls.map((call) => call.participant).sort()).toEqual([
      'architect',
      'pragmatist',
      'security',
    ])
    expect(estimate.calls.every((call) => call.ceilingTokens === 500)).toBe(true)
    expect(estimate.counting).toMatch(/approximation/)
    const expected = estimate.total.costUsd?.expected ?? 0

    const text = await project.run(['turn', project.file, '@all', '--estimate'])
    expect(text.stdout).toMatch(/^CALL\s+PROVIDER\s+PROMPT\s+ANSWER MAX\s+COST LOW/m)
    expect(text.stdout).toContain('Nothing was sent.')

    const turn = await project.run(['turn', project.file, '@all'])
    expect(turn.code).toBe(0)
    expect(api.requests.length).toBe(before + 3)
    const actual = sum(await spent(project))
    expect(Math.abs(expected - actual) / actual).toBeLessThan(0.1)
  })

  it('a cap below one call’s worst case makes no request, exits 3 and leaves the file as it was', async () => {
    const project = await budgetProject(api.url)
    const before = api.requests.length
    const original = await project.text()
    const run = await project.run(['turn', project.file, '@all', '--max-cost', '0.001'])
    expect(run.code).toBe(3)
    expect(api.requests.length).toBe(before)
    expect(await project.text()).toBe(original)
    expect(run.stdout + run.stderr).toMatch(/worst case of \$0\.\d+ is more than the \$0\.001/)
  })

  it('a cap that covers two of three calls saves two answers and skips the third with the reason', async () => {
    const project = await budgetProject(api.url)
    const estimated = await project.run(['turn', project.file, '@all', '--estimate', '--json'])
    const high = (JSON.parse(estimated.stdout) as Estimate).total.costUsd?.high ?? 0
    const before = api.requests.length
    const cap = ((high / 3) * 2.5).toFixed(6)
    const run = await project.run(['turn', project.file, '@all', '--max-cost', cap, '--json'])
    expect(run.code).toBe(3)
    expect(api.requests.length).toBe(before + 2)
    expect(await spent(project)).toHaveLength(2)
    const lines = run.stdout.split('\n').filter((line) => line.startsWith('{'))
    const events = lines.map((line) => JSON.parse(line) as { type: string; reason?: string })
    const skipped = events.filter((event) => event.type === 'skipped')
    expect(skipped[0]?.reason).toMatch(
      /^budget: its worst case of \$[\d.]+ is more than the \$[\d.]+ left/,
    )
    expect(events.at(-1)).toMatchObject({ type: 'result', budgetStopped: true })
    expect(skipped).toHaveLength(1)

    // The third call is in the file too: a block signed by its persona, read by parse --json.
    const parsed = await project.run(['parse', project.file])
    const comments = (JSON.parse(parsed.stdout) as { comments: ParsedSkip[] }).comments
    const recorded = comments.filter((comment) => comment.skipped !== null)
    expect(recorded).toHaveLength(1)
    expect(recorded[0]?.skipped).toEqual({ provider: 'metered', reason: skipped[0]?.reason })
    expect(recorded[0]?.usage).toBeNull()
    expect(recorded[0]?.vote).toBeNull()
    expect(recorded[0]?.body).toBe(`_(not asked: ${skipped[0]?.reason ?? ''})_`)
    const text = await project.text()
    expect(text.match(/^<!-- skipped: \{.*\} -->$/gm)).toHaveLength(1)
  })

  it('a stream that crosses the cap is cut, kept and marked', async () => {
    const project = await budgetProject(api.url, ['budget:', '  assumed_answer_tokens: 50'])
    const estimated = await project.run([
      'turn',
      project.file,
      '@architect',
      '--provider',
      'long',
      '--estimate',
      '--json',
    ])
    const prompt = (JSON.parse(estimated.stdout) as Estimate).calls[0]?.promptTokens ?? 0
    const cap = String(prompt + 300)
    const run = await project.run([
      'turn',
      project.file,
      '@architect',
      '--provider',
      'long',
      '--max-total-tokens',
      cap,
    ])
    expect(run.code).toBe(3)
    const [usage] = await spent(project)
    expect(usage).toMatchObject({ cut: 'budget' })
    expect(usage?.outputTokens).toBeGreaterThan(200)
    expect(usage?.outputTokens).toBeLessThan(400)
    const text = await project.text()
    expect(text).toContain('cut short: the budget ran out')
    expect(text).toContain('word1 filler text')
  })

  it('a dollar cap with a provider that has no prices refuses to start and names it', async () => {
    const project = await budgetProject(api.url)
    const before = api.requests.length
    const original = await project.text()
    const run = await project.run([
      'turn',
      project.file,
      '@architect',
      '--provider',
      'unpriced',
      '--max-cost',
      '1',
    ])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('"unpriced" has no `prices`')
    expect(run.stderr).toContain('--max-total-tokens')
    expect(api.requests.length).toBe(before)
    expect(await project.text()).toBe(original)
  })
})
