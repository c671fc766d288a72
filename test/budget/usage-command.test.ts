/**
 * `discussions usage` and `status` sum what the file records, through the real bin: by
 * discussion, provider and persona; a cost that leaves out an unpriced answer reads as partial.
 */
import { writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

import { afterAll, beforeAll, expect, it } from 'vitest'

import type { FakeApi } from '../providers/fake-api.js'
import { coldThenWarm } from '../support/run-cli.js'
import { ANSWER_TOKENS, startMeteredApi } from './metered-api.js'
import { budgetProject } from './project.js'

let api: FakeApi
beforeAll(async () => {
  api = await startMeteredApi()
})
afterAll(() => api.close())

interface Sum {
  answers: number
  outputTokens: number
  costUsd: number | null
  unpriced: number
}

coldThenWarm('usage totals', () => {
  it('usage sums by discussion, provider and persona; status shows the spend, partial when unpriced', async () => {
    const project = await budgetProject(api.url)
    expect((await project.run(['turn', project.file, '@architect', '@security'])).code).toBe(0)
    expect(
      (await project.run(['turn', project.file, '@architect', '--provider', 'unpriced'])).code,
    ).toBe(0)
    // The person caps the discussion afterwards: status weighs the spend against it.
    await writeFile(
      join(project.root, '.config', 'discussions.yaml'),
      'budget:\n  max_cost_per_discussion: 0.03\n  warn_at: 0.5\n',
    )

    const usage = await project.run(['usage', dirname(project.file), '--json'])
    expect(usage.stderr).toBe('')
    const sums = JSON.parse(usage.stdout) as {
      discussions: { spend: Sum }[]
      providers: { provider: string; spend: Sum }[]
      personas: { persona: string; spend: Sum }[]
      total: Sum
    }
    expect(sums.total).toMatchObject({ answers: 3, outputTokens: 3 * ANSWER_TOKENS, unpriced: 1 })
    expect(sums.discussions).toHaveLength(1)
    expect(sums.providers.map((p) => [p.provider, p.spend.answers])).toEqual([
      ['metered', 2],
      ['unpriced', 1],
    ])
    expect(sums.providers[1]?.spend.costUsd).toBeNull()
    expect(Object.fromEntries(sums.personas.map((p) => [p.persona, p.spend.answers]))).toEqual({
      'AI-Architect': 2,
      'AI-Security': 1,
    })

    const text = await project.run(['usage', dirname(project.file)])
    expect(text.stdout).toMatch(/^PROVIDER\s+ANSWERS\s+TOKENS\s+COST$/m)
    expect(text.stdout).toMatch(/^unpriced\s+1\s+.+\s+unknown$/m)
    expect(text.stdout).toContain('(partial: 1 answer unpriced)')

    const status = await project.run(['status', project.file])
    expect(status.stdout).toMatch(
      /^Spend: 3 answers\. Tokens: .+ in \/ 1\.5k out, cost \$0\.\d+ \(partial: 1 answer unpriced\)$/m,
    )
    expect(status.stdout).toMatch(/^Budget: \$0\.\d+ of the \$0\.0300 per discussion \(\d+%\)\.$/m)
    expect(status.stdout).toMatch(/^warning: this discussion has spent \d+% of its budget\.$/m)
  })
})
