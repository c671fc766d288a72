/**
 * Call counts and order for every mode, flow and round count, as the seed gives them:
 * personality 3 per round + 1 (+ 3 ranking calls with --rank), dp 5 for one round and 4N + 1 for
 * N rounds. The expected orders are written out here, independently of plan.ts.
 */
import { describe, expect, it } from 'vitest'

import { readRecordedCalls } from '../../src/core/council/record.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { validateDiscussion } from '../../src/core/discussion/validate.js'
import { councilFile, runScripted } from './harness.js'
import { readFile } from 'node:fs/promises'

const ADVISORS = ['pragmatist', 'visionary', 'skeptic']

function label(round: number, rounds: number, role: string): string {
  return rounds === 1 ? `council-${role}` : `council-r${round}-${role}`
}

/** Steps as lists of labels: the calls of a step run at once. */
function personalitySteps(flow: string, rounds: number, rank: boolean): string[][] {
  const steps: string[][] = []
  for (let round = 1; round <= rounds; round++) {
    const calls = ADVISORS.map((role) => label(round, rounds, role))
    if (flow === 'sequential') steps.push(...calls.map((one) => [one]))
    else steps.push(calls)
  }
  if (rank) steps.push(ADVISORS.map((role) => `council-rank-${role}`))
  steps.push(['council-referee'])
  return steps
}

function dpSteps(flow: string, rounds: number): string[][] {
  const steps: string[][] = []
  for (let round = 1; round <= rounds; round++) {
    const l = (role: string) => label(round, rounds, role)
    if (flow === 'sequential')
      steps.push([l('d-freethinker')], [l('d-arbiter')], [l('p-freethinker')], [l('p-arbiter')])
    else steps.push([l('d-freethinker'), l('p-freethinker')], [l('d-arbiter'), l('p-arbiter')])
  }
  steps.push(['council-meta'])
  return steps
}

/** The log a run of these steps writes: each step's calls all start, then all end. */
function logOf(steps: string[][]): string[] {
  return steps.flatMap((step) => [
    ...step.map((one) => `start ${one}`),
    ...step.map((one) => `end ${one}`),
  ])
}

const cases: { mode: 'personality' | 'dp'; flow: string; rounds: number; rank?: boolean }[] = []
for (const mode of ['personality', 'dp'] as const)
  for (const flow of ['parallel', 'sequential', 'debate'])
    for (let rounds = flow === 'debate' ? 2 : 1; rounds <= 5; rounds++)
      cases.push({ mode, flow, rounds })
for (const flow of ['parallel', 'sequential', 'debate'])
  cases.push({ mode: 'personality', flow, rounds: flow === 'debate' ? 2 : 1, rank: true })

describe('council call counts and order', () => {
  it.each(cases)('$mode $flow, $rounds round(s), rank $rank', async (input) => {
    const setup = await councilFile(input)
    const { result, calls, log } = await runScripted(setup)
    const steps =
      input.mode === 'personality'
        ? personalitySteps(input.flow, input.rounds, input.rank === true)
        : dpSteps(input.flow, input.rounds)

    const expectedCount =
      input.mode === 'personality'
        ? 3 * input.rounds + 1 + (input.rank ? 3 : 0)
        : input.rounds === 1
          ? 5
          : 4 * input.rounds + 1
    expect(calls).toHaveLength(expectedCount)
    expect(calls.map((call) => call.label)).toEqual(steps.flat())
    expect(log).toEqual(logOf(steps))
    expect(result).toMatchObject({
      complete: true,
      cancelled: false,
      failed: [],
      callsMade: expectedCount,
      callsPlanned: expectedCount,
    })
    expect(result.total.calls).toBe(expectedCount)

    // The file is an ordinary, valid discussion: one comment per call (+ the ranking note).
    const parsed = parseDiscussion(await readFile(setup.file, 'utf8'))
    expect(validateDiscussion(parsed)).toEqual([])
    // Within a step, answers are appended in the order they arrive; steps never interleave.
    const written = [...readRecordedCalls(parsed).keys()].filter((l) => l !== 'council-ranking')
    const stepOf = (l: string) => steps.findIndex((step) => step.includes(l))
    expect([...written].sort()).toEqual(steps.flat().sort())
    const order = written.map(stepOf)
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(parsed.comments.every((comment) => comment.author.startsWith('AI-'))).toBe(true)
  })

  it('debate defaults to 3 rounds and refuses 1; --rank with dp and 6 rounds are refused', async () => {
    const { options } = await councilFile({ flow: 'debate' })
    expect(options.rounds).toBe(3)
    await expect(councilFile({ flow: 'debate', rounds: 1 })).rejects.toThrow(
      /debate needs at least 2 rounds/,
    )
    await expect(councilFile({ mode: 'dp', rank: true })).rejects.toThrow(
      /--rank works in personality mode only/,
    )
    await expect(councilFile({ rounds: 6 })).rejects.toThrow(/from 1 to 5/)
  })
})
