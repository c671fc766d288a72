/**
 * A debate whose answers cross the cap while they stream, through the real bin against the
 * metered stand-in: each is cut, what arrived kept in the participant's block (quoted, so no
 * marker in it counts) and marked; the run exits 3, and going on with a new cap asks them again.
 */
import { readFile } from 'node:fs/promises'

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

const CEILING = 50

interface Comment {
  author: string
  body: string
  usage: { cut?: string; estimated: boolean; outputTokens: number } | null
}

coldThenWarm('a debate cut by its budget', () => {
  it('keeps each cut answer, marked, exits 3, and asks again when it goes on', async () => {
    const project = await budgetProject(api.url, ['budget:', `  assumed_answer_tokens: ${CEILING}`])
    const file = await newDebate(project)
    const estimated = await project.run([
      'debate',
      'run',
      file,
      '--provider',
      'long',
      '--estimate',
      '--json',
    ])
    const calls = (JSON.parse(estimated.stdout) as { calls: { promptTokens: number }[] }).calls
    const proposals = calls.slice(0, 3).reduce((sum, call) => sum + call.promptTokens + CEILING, 0)
    const before = api.requests.length
    const stopped = await project.run([
      'debate',
      'run',
      file,
      '--provider',
      'long',
      '--max-total-tokens',
      String(proposals + 300),
    ])
    expect(stopped.code).toBe(3)
    expect(api.requests.length - before).toBe(3)
    const parsed = await project.run(['parse', file])
    const comments = (JSON.parse(parsed.stdout) as { comments: Comment[] }).comments
    const cut = comments.filter((comment) => comment.usage?.cut === 'budget')
    expect(cut.map((comment) => comment.author).sort()).toEqual([
      'AI-Architect',
      'AI-Pragmatist',
      'AI-Security',
    ])
    for (const comment of cut) {
      expect(comment.body).toMatch(/^_\(cut short: the budget ran out/)
      expect(comment.body).toMatch(/^> word0 filler text word1 filler text/m)
      expect(comment.usage?.estimated).toBe(true)
    }
    const text = await readFile(file, 'utf8')
    expect(text).not.toMatch(/^ABSENT:/m)
    expect(text).not.toMatch(/^PROPOSAL:/m)

    const resumed = await project.run([
      'debate',
      'run',
      file,
      '--provider',
      'metered',
      '--max-total-tokens',
      '1000000',
    ])
    expect(resumed.code).not.toBe(3)
    expect((await readFile(file, 'utf8')).match(/^PROPOSAL: P\d/gm)).toHaveLength(3)
  })
})
