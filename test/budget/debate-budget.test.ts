/**
 * A debate under a cap, through the real bin against the metered stand-in: the budget stops it
 * between steps with exit 3 and what arrived in the file; `debate run` with a new cap goes on.
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

coldThenWarm('debate run under a budget', () => {
  it('stops between steps at the cap with exit 3, and goes on with a new one', async () => {
    const project = await budgetProject(api.url)
    const created = await project.run([
      'debate',
      'new',
      'Cache the orders?',
      '--participants',
      'architect,security,pragmatist',
      '--max-rounds',
      '1',
    ])
    expect(created.code).toBe(0)
    const file = /\S+\.md/.exec(created.stdout)?.[0] ?? ''
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
  })
})
