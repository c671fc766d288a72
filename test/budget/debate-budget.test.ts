/**
 * A debate under a cap, through the real bin against the metered stand-in: the budget stops it
 * between steps with exit 3 and what arrived in the file; `debate run` with a new cap goes on.
 */
import { readFile } from 'node:fs/promises'
import { dirname } from 'node:path'

import { afterAll, beforeAll, expect, it } from 'vitest'

import type { FakeApi } from '../providers/fake-api.js'
import { coldThenWarm } from '../support/run-cli.js'
import { ANSWER_TOKENS, startMeteredApi } from './metered-api.js'
import { budgetProject, newDebate } from './project.js'

let api: FakeApi
beforeAll(async () => {
  api = await startMeteredApi()
})
afterAll(() => api.close())

interface DebateComment {
  body: string
  usage: { provider: string; outputTokens: number } | null
  skipped: { provider: string; reason: string } | null
}

coldThenWarm('debate run under a budget', () => {
  it('stops between steps at the cap with exit 3, and goes on with a new one', async () => {
    const project = await budgetProject(api.url)
    const file = await newDebate(project)
    const before = api.requests.length
    // Each call reserves its prompt and the 500-token ceiling: room for two, not three.
    const stopped = await project.run([
      'debate',
      'run',
      file,
      '--provider',
      'metered',
      '--max-total-tokens',
      '3400',
      '--json',
    ])
    expect(stopped.code).toBe(3)
    const made = api.requests.length - before
    expect(made).toBe(2)
    const result = JSON.parse(stopped.stdout.trim().split('\n').at(-1) ?? '{}') as Record<
      string,
      unknown
    >
    expect(result).toMatchObject({ type: 'result', cancelled: false, budgetStopped: true })
    // Two proposals, each with its usage line, and the third call recorded as skipped.
    const parsed = await project.run(['parse', file])
    const comments = (JSON.parse(parsed.stdout) as { comments: DebateComment[] }).comments
    const answered = comments.filter((comment) => comment.usage !== null)
    expect(answered).toHaveLength(2)
    for (const comment of answered) {
      expect(comment.usage).toMatchObject({
        provider: 'metered',
        model: 'metered',
        outputTokens: ANSWER_TOKENS,
      })
      expect(comment.body).toMatch(/^PROPOSAL: P\d/m)
    }
    const skipped = comments.filter((comment) => comment.skipped !== null)
    expect(skipped).toHaveLength(1)
    expect(skipped[0]?.skipped?.reason).toMatch(/^budget: its worst case of \d+ tokens/)
    expect(comments.some((comment) => /^ABSENT:/m.test(comment.body))).toBe(false)

    const resumed = await project.run([
      'debate',
      'run',
      file,
      '--provider',
      'metered',
      '--max-total-tokens',
      '100000',
      '--json',
    ])
    expect(resumed.code).not.toBe(3)
    expect(api.requests.length - before).toBeGreaterThan(made)
    // The skipped participant was asked when the debate went on: three proposals now.
    const text = await readFile(file, 'utf8')
    expect(text.match(/^PROPOSAL: P\d/gm)).toHaveLength(3)
    // `usage` counts every debate answer: one usage line per request made.
    const usage = await project.run(['usage', dirname(file), '--json'])
    const sums = JSON.parse(usage.stdout) as {
      discussions: { path: string; spend: { answers: number } }[]
    }
    const spend = sums.discussions.find((item) => item.path === file)?.spend
    expect(spend?.answers).toBe(api.requests.length - before)
  })
})
