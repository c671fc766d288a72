/**
 * A council's estimate and its budget stop, through the real bin against the metered stand-in:
 * the estimate asks nobody; a cap that covers the advisors but not the referee stops between the
 * steps with exit 3, the advisors' answers saved and the referee's call recorded as skipped (as a
 * turn records one); `council resume --estimate` counts only the
 * call left; `council resume` with a new cap finishes it.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

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
  calls: { participant: string; costUsd: { high: number; expected: number } | null }[]
  total: { costUsd: { low: number; expected: number; high: number } | null }
}

interface ParsedComment {
  author: string
  body: string
  skipped: { provider: string; reason: string } | null
}

const QUESTION = 'Should we put a read-through cache in front of the orders database?'

function councilSpend(stdout: string): number {
  const lines = stdout.split('\n').filter((line) => line.startsWith('{'))
  const result = JSON.parse(lines.at(-1) ?? '{}') as { total?: { costUsd: number | null } }
  return result.total?.costUsd ?? 0
}

coldThenWarm('council --estimate and its budget', () => {
  it('estimates with no request, stops between steps at the cap, and resumes with a new one', async () => {
    const project = await budgetProject(api.url)
    const before = api.requests.length
    const estimated = await project.run([
      'council',
      QUESTION,
      '--provider',
      'metered',
      '--estimate',
      '--json',
    ])
    expect(estimated.stderr).toBe('')
    expect(estimated.code).toBe(0)
    expect(api.requests.length).toBe(before)
    const estimate = JSON.parse(estimated.stdout) as Estimate
    expect(estimate.calls).toHaveLength(4)

    // Enough for the three advisors' worst cases, not for the referee's after them.
    const advisors = estimate.calls
      .slice(0, 3)
      .reduce((sum, call) => sum + (call.costUsd?.high ?? 0), 0)
    const out = 'council.md'
    const stopped = await project.run([
      'council',
      QUESTION,
      '--provider',
      'metered',
      '--out',
      out,
      '--max-cost',
      (advisors * 1.05).toFixed(6),
      '--json',
    ])
    expect(stopped.code).toBe(3)
    expect(api.requests.length).toBe(before + 3)
    const firstSpend = councilSpend(stopped.stdout)

    // The referee's call the budget did not start is in the file, as a turn records one.
    const parsed = await project.run(['parse', join(project.root, out)])
    const comments = (JSON.parse(parsed.stdout) as { comments: ParsedComment[] }).comments
    const skipped = comments.filter((comment) => comment.skipped !== null)
    expect(skipped).toHaveLength(1)
    expect(skipped[0]?.author).toMatch(/referee/i)
    expect(skipped[0]?.skipped?.provider).toBe('metered')
    expect(skipped[0]?.skipped?.reason).toMatch(/^budget: its worst case of \$[\d.]+ is more than/)
    expect(skipped[0]?.body).toBe(`_(not asked: ${skipped[0]?.skipped?.reason ?? ''})_`)
    const text = await readFile(join(project.root, out), 'utf8')
    expect(text.match(/^<!-- skipped: \{.*\} -->$/gm)).toHaveLength(1)

    // Resuming would make the referee's call alone: its estimate counts that call, no other.
    const left = await project.run(['council', 'resume', out, '--estimate', '--json'])
    expect(left.stderr).toBe('')
    expect(left.code).toBe(0)
    expect(api.requests.length).toBe(before + 3)
    const leftEstimate = JSON.parse(left.stdout) as Estimate
    expect(leftEstimate.calls.map((call) => call.participant)).toEqual([
      estimate.calls[3]?.participant,
    ])
    const printed = await project.run(['council', 'resume', out, '--estimate'])
    expect(printed.stdout).toMatch(/^Total: 1 call,/m)

    const resumed = await project.run(['council', 'resume', out, '--max-cost', '1', '--json'])
    expect(resumed.stderr).toBe('')
    expect(resumed.code).toBe(0)
    expect(api.requests.length).toBe(before + 4)
    const total = councilSpend(resumed.stdout)
    expect(total).toBeGreaterThan(firstSpend)
    const expected = estimate.total.costUsd?.expected ?? 0
    // The referee's prompt quotes answers the estimate could only assume the length of.
    expect(Math.abs(expected - total) / total).toBeLessThan(0.1)
    // The calls left, estimated with the answers they quote, came within 10% of what they cost.
    const leftExpected = leftEstimate.total.costUsd?.expected ?? 0
    const leftSpent = total - firstSpend
    expect(Math.abs(leftExpected - leftSpent) / leftSpent).toBeLessThan(0.1)
  })
})
