/** The debate view's backend: debates:read and debates:decide on a real debate file. */
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import type { Backend } from '../../src/backend/index.js'
import type { DebateSummary } from '../../src/shared/contract/index.js'
import { exampleBackend } from '../app/backend-fixture.js'
import { answer, baseline, debateHarness } from './harness.js'

let open: Backend | null = null
afterEach(() => open?.close())

describe('the debate backend', () => {
  it('reads where a debate stands and records the human decision on an escalated one', async () => {
    const { backend, folder } = await exampleBackend()
    open = backend
    const debate = await debateHarness({
      folder,
      title: 'stuck',
      participants: [{ alias: 'ann' }, { alias: 'bob' }, { alias: 'cy' }],
      settings: { maxRounds: 1 },
      script: (step) =>
        step.phase === 'critique' && step.alias === 'bob'
          ? answer.critiques({ target: 'P1', severity: 'blocking' })
          : baseline(step),
    })
    await debate.run()

    const read = (await backend.invoke('debates:read', { path: debate.file })) as {
      value: DebateSummary
    }
    expect(read.value.outcome).toMatchObject({ kind: 'escalated', rounds: 1 })
    expect(read.value.proposals[0]?.critiques.blocking.map((c) => c.id)).toEqual(['C1.bob.1'])
    expect(read.value.tallies[0]?.total).toBe(300)

    const both = await backend.invoke('debates:decide', {
      path: debate.file,
      accept: 'P2',
      reject: true,
    })
    expect(both).toEqual({
      error: { message: 'debates:decide: give exactly one of accept or reject' },
    })
    const decided = await backend.invoke('debates:decide', {
      path: debate.file,
      accept: 'p2',
      reason: 'Simplest.',
    })
    expect(decided).toEqual({ value: { kind: 'accepted', proposal: 'P2', by: 'Rob' } })
    const after = (await backend.invoke('debates:read', { path: debate.file })) as {
      value: DebateSummary
    }
    expect(after.value.standing).toBe('decided: Rob accepted P2')

    const plain = await backend.invoke('debates:read', {
      path: join(folder, 'add-user-authentication.md'),
    })
    expect(plain).toMatchObject({ error: { message: expect.stringMatching(/is not a debate/) } })
  })
})
