/**
 * Each answer records its provider, model, tokens and cost on one line the engine writes, read
 * back by `parse --json`: through the real bin against the metered stand-in.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import type { AnswerUsage } from '../../src/core/budget/usage-line.js'
import { coldThenWarm } from '../support/run-cli.js'
import type { FakeApi } from '../providers/fake-api.js'
import { ANSWER_TOKENS, startMeteredApi } from './metered-api.js'
import { budgetProject, PRICES } from './project.js'

let api: FakeApi
beforeAll(async () => {
  api = await startMeteredApi()
})
afterAll(() => api.close())

interface ParsedComment {
  author: string
  body: string
  usage: AnswerUsage | null
}

coldThenWarm('usage in the file', () => {
  it('a turn writes each answer with its usage line, and parse --json reads it', async () => {
    const project = await budgetProject(api.url)
    const before = api.requests.length
    const turn = await project.run(['turn', project.file, '@architect', '@security'])
    expect(turn.stderr).toBe('')
    expect(turn.code).toBe(0)
    expect(api.requests.length - before).toBe(2)
    const text = await project.text()
    expect(text.match(/^<!-- usage: \{.*\} -->$/gm)).toHaveLength(2)

    const parsed = await project.run(['parse', project.file])
    const comments = (JSON.parse(parsed.stdout) as { comments: ParsedComment[] }).comments
    expect(comments).toHaveLength(2)
    for (const comment of comments) {
      expect(comment.body).not.toContain('<!-- usage')
      expect(comment.body).toContain('The proposal is sound.')
      const usage = comment.usage
      expect(usage).toMatchObject({
        provider: 'metered',
        model: 'metered',
        outputTokens: ANSWER_TOKENS,
        estimated: false,
      })
      expect(usage?.inputTokens).toBeGreaterThan(100)
      const cost = ((usage?.inputTokens ?? 0) * PRICES.input + ANSWER_TOKENS * PRICES.output) / 1e6
      expect(usage?.costUsd).toBeCloseTo(cost, 10)
    }
  })

  it('an answer without prices records its cost as unknown, its counts as reported', async () => {
    const project = await budgetProject(api.url)
    const turn = await project.run(['turn', project.file, '@architect', '--provider', 'unpriced'])
    expect(turn.code).toBe(0)
    const parsed = await project.run(['parse', project.file])
    const [comment] = (JSON.parse(parsed.stdout) as { comments: ParsedComment[] }).comments
    expect(comment?.usage).toMatchObject({ provider: 'unpriced', costUsd: null, estimated: false })
    expect(turn.stdout).toContain('cost unknown')
  })
})
