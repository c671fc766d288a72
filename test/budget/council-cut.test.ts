/**
 * A council whose answers cross the cap while they stream, through the real bin against the
 * metered stand-in: each is cut, what arrived kept in the file and marked, its spend counted;
 * the run exits 3 and `council resume` with a new cap asks the cut calls again and finishes.
 */
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

import { afterAll, beforeAll, expect, it } from 'vitest'

import type { FakeApi } from '../providers/fake-api.js'
import { coldThenWarm } from '../support/run-cli.js'
import { startMeteredApi } from './metered-api.js'
import { budgetProject } from './project.js'
import type { BudgetProject } from './project.js'

let api: FakeApi
beforeAll(async () => {
  api = await startMeteredApi()
})
afterAll(() => api.close())

const QUESTION = 'Should we put a read-through cache in front of the orders database?'
const CEILING = 50

interface Total {
  answers: number
  outputTokens: number
  estimated: boolean
}

/** What `usage` sums for the council's file, in the folder that holds it. */
async function usageOf(project: BudgetProject, file: string): Promise<Total | undefined> {
  const usage = await project.run(['usage', dirname(file), '--json'])
  const sums = JSON.parse(usage.stdout) as { discussions: { path: string; spend: Total }[] }
  return sums.discussions.find((item) => item.path === file)?.spend
}

coldThenWarm('a council cut by its budget', () => {
  it('keeps each cut answer, marked, exits 3, and resumes with a new cap', async () => {
    const project = await budgetProject(api.url, ['budget:', `  assumed_answer_tokens: ${CEILING}`])
    const estimated = await project.run([
      'council',
      QUESTION,
      '--provider',
      'long',
      '--estimate',
      '--json',
    ])
    const calls = (JSON.parse(estimated.stdout) as { calls: { promptTokens: number }[] }).calls
    const advisors = calls.slice(0, 3).reduce((sum, call) => sum + call.promptTokens + CEILING, 0)
    const out = 'council.md'
    const before = api.requests.length
    const stopped = await project.run([
      'council',
      QUESTION,
      '--provider',
      'long',
      '--out',
      out,
      '--max-total-tokens',
      String(advisors + 300),
    ])
    expect(stopped.code).toBe(3)
    expect(api.requests.length - before).toBe(3)
    const file = join(project.root, out)
    const text = await readFile(file, 'utf8')
    const records = text.match(/^<!-- council: \{.*"cut":"budget".*\} -->$/gm) ?? []
    expect(records).toHaveLength(3)
    expect(text.match(/cut short: the budget ran out/g)).toHaveLength(3)
    expect(text).toContain('word1 filler text')
    const cut = await usageOf(project, file)
    expect(cut).toMatchObject({ answers: 3, estimated: true })
    // Each was cut soon after it crossed: far short of the 400 words the stand-in would send.
    expect(cut?.outputTokens).toBeGreaterThan(300)
    expect(cut?.outputTokens).toBeLessThan(3 * 1200)

    const resumed = await project.run(['council', 'resume', out, '--max-total-tokens', '1000000'])
    expect(resumed.stderr).toBe('')
    expect(resumed.code).toBe(0)
    // The three cut calls are asked again, then the referee.
    expect(api.requests.length - before).toBe(3 + 4)
    const total = await usageOf(project, file)
    expect(total?.answers).toBe(3 + 4)
    expect(total?.outputTokens).toBeGreaterThan(cut?.outputTokens ?? 0)
  })
})
