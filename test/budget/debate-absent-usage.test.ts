/**
 * An answer a debate cannot read is marked ABSENT by the clerk, and what it used was spent all
 * the same: the clerk's block begins with the answer's usage line, so `usage` counts it. Through
 * the real bin against the metered stand-in, whose `offtopic` model answers JSON that holds no step's answer.
 */
import { readFile } from 'node:fs/promises'
import { dirname } from 'node:path'

import { afterAll, beforeAll, expect, it } from 'vitest'

import type { FakeApi } from '../providers/fake-api.js'
import { coldThenWarm } from '../support/run-cli.js'
import { ANSWER_TOKENS, startMeteredApi } from './metered-api.js'
import { budgetProject, newDebate, PRICES } from './project.js'

let api: FakeApi
beforeAll(async () => {
  api = await startMeteredApi()
})
afterAll(() => api.close())

interface ParsedComment {
  author: string
  body: string
  usage: { provider: string; outputTokens: number; costUsd: number | null } | null
}

coldThenWarm('an unreadable debate answer', () => {
  it('is marked ABSENT by the clerk with the usage line of what it spent', async () => {
    const project = await budgetProject(api.url)
    const file = await newDebate(project)
    const before = api.requests.length
    const run = await project.run(['debate', 'run', file, '--provider', 'offtopic', '--json'])
    expect(run.stderr).toBe('')
    const made = api.requests.length - before
    expect(made).toBeGreaterThan(0)

    const parsed = await project.run(['parse', file])
    const comments = (JSON.parse(parsed.stdout) as { comments: ParsedComment[] }).comments
    const absent = comments.filter((comment) => /^ABSENT: @/m.test(comment.body))
    expect(absent).toHaveLength(made)
    for (const comment of absent) {
      expect(comment.author).toBe('Bot-Debate')
      expect(comment.body).toMatch(/unreadable answer/)
      expect(comment.usage).toMatchObject({ provider: 'offtopic', outputTokens: ANSWER_TOKENS })
      expect(comment.usage?.costUsd).toBeGreaterThan((ANSWER_TOKENS * PRICES.output) / 1e6)
    }
    const text = await readFile(file, 'utf8')
    expect(text.match(/^<!-- usage: \{.*\} -->$/gm)).toHaveLength(made)

    // `usage` counts every answer the stand-in billed, none at $0.
    const usage = await project.run(['usage', dirname(file), '--json'])
    const sums = JSON.parse(usage.stdout) as {
      discussions: { path: string; spend: { answers: number; costUsd: number | null } }[]
    }
    const spend = sums.discussions.find((item) => item.path === file)?.spend
    expect(spend?.answers).toBe(made)
    expect(spend?.costUsd).toBeGreaterThan(0)
  })
})
