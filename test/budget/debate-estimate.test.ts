/**
 * `debate run --estimate`, through the real bin against the metered stand-in: it asks nobody,
 * lists every call the debate may make (each step's prompt tokens, the answer's ceiling, the cost
 * low / expected / high), and its expected cost is within 10% of what the debate then spends
 * (the stand-in agrees at once: no critique, so no defense).
 */
import { dirname } from 'node:path'

import { afterAll, beforeAll, expect, it } from 'vitest'

import type { FakeApi } from '../providers/fake-api.js'
import { coldThenWarm } from '../support/run-cli.js'
import { startMeteredApi } from './metered-api.js'
import { budgetProject, newDebate } from './project.js'

let api: FakeApi
beforeAll(async () => {
  api = await startMeteredApi()
})
afterAll(() => api.close())

interface Estimate {
  calls: { participant: string; promptTokens: number; ceilingTokens: number; likely?: boolean }[]
  total: { calls: number; costUsd: { low: number; expected: number; high: number } | null }
  counting: string
}

coldThenWarm('debate --estimate', () => {
  it('asks nobody, and its expected cost is within 10% of what the debate spends', async () => {
    const project = await budgetProject(api.url)
    const file = await newDebate(project)
    const before = api.requests.length
    const estimated = await project.run([
      'debate',
      'run',
      file,
      '--provider',
      'metered',
      '--estimate',
      '--json',
    ])
    expect(estimated.stderr).toBe('')
    expect(estimated.code).toBe(0)
    expect(api.requests.length).toBe(before)
    const estimate = JSON.parse(estimated.stdout) as Estimate
    // One round of three: propose, critique, defend (only if criticised), vote.
    expect(estimate.calls).toHaveLength(12)
    expect(
      estimate.calls.filter((call) => call.likely === false).map((c) => c.participant),
    ).toEqual([
      'round 1 defend @architect',
      'round 1 defend @security',
      'round 1 defend @pragmatist',
    ])
    expect(estimate.calls.every((call) => call.ceilingTokens === 500)).toBe(true)
    expect(estimate.counting).toMatch(/approximation/)
    const text = await project.run(['debate', 'run', file, '--provider', 'metered', '--estimate'])
    expect(text.stdout).toMatch(/^round 1 propose @architect\s+metered\s+\d+/m)
    expect(text.stdout).toContain('Nothing was sent.')

    const run = await project.run(['debate', 'run', file, '--provider', 'metered'])
    expect(run.stderr).toBe('')
    const made = api.requests.length - before
    expect(made).toBe(9)
    const usage = await project.run(['usage', dirname(file), '--json'])
    const sums = JSON.parse(usage.stdout) as {
      discussions: { path: string; spend: { answers: number; costUsd: number | null } }[]
    }
    const spend = sums.discussions.find((item) => item.path === file)?.spend
    expect(spend?.answers).toBe(made)
    const actual = spend?.costUsd ?? 0
    const expected = estimate.total.costUsd?.expected ?? 0
    expect(Math.abs(expected - actual) / actual).toBeLessThan(0.1)
  })
})
