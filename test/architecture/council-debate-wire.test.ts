/**
 * The council and debate answers and events the backend sends match the contract's own schemas
 * exactly: each parses, and parsing drops nothing (a field core adds and the contract lacks would
 * be stripped and fail the comparison). Real files, run by the demo provider through the backend.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { z } from 'zod'

import type { Backend } from '../../src/backend/index.js'
import { councilInfoSchema, councilProgressSchema } from '../../src/shared/contract/councils.js'
import { debateInfoSchema, debateProgressSchema } from '../../src/shared/contract/debates.js'
import { exampleBackend } from '../app/backend-fixture.js'

let open: Backend | null = null
afterEach(() => open?.close())

async function value(reply: Promise<unknown>): Promise<unknown> {
  const settled = (await reply) as { value?: unknown; error?: { message: string } }
  if (settled.error) throw new Error(settled.error.message)
  return settled.value
}

function matchesExactly(schema: z.ZodType, payload: unknown): void {
  expect(schema.parse(payload)).toEqual(payload)
}

/** Every payload of `channel` until its run ends with `finished` or `error`. */
function collect(backend: Backend, channel: string): { payloads: unknown[]; ended: Promise<void> } {
  const payloads: unknown[] = []
  const ended = new Promise<void>((resolve) => {
    backend.subscribe((name, payload) => {
      if (name !== channel) return
      payloads.push(payload)
      if ((payload as { kind: string }).kind !== 'event') resolve()
    })
  })
  return { payloads, ended }
}

describe('the council and debate wire', () => {
  it('carries a council run and its reading as the contract declares', async () => {
    const { backend, folder } = await exampleBackend()
    open = backend
    const progress = collect(backend, 'councils:progress')
    const { path } = (await value(
      backend.invoke('councils:start', { folder, question: 'Cache the feed?', rank: true }),
    )) as { path: string }
    await progress.ended

    expect(progress.payloads.length).toBeGreaterThan(8)
    for (const payload of progress.payloads) matchesExactly(councilProgressSchema, payload)
    const info = await value(backend.invoke('councils:read', { path }))
    matchesExactly(councilInfoSchema, info)
    expect(councilInfoSchema.parse(info).ballots).toHaveLength(3)
  })

  it('carries a debate run and its reading as the contract declares', async () => {
    const { backend, folder } = await exampleBackend()
    open = backend
    const progress = collect(backend, 'debates:progress')
    const { path } = (await value(
      backend.invoke('debates:start', { folder, title: 'Where should sessions live' }),
    )) as { path: string }
    await progress.ended

    const types = new Set(
      progress.payloads.map((p) => (p as { event?: { type: string } }).event?.type),
    )
    expect(types).toContain('proposal-submitted')
    for (const payload of progress.payloads) matchesExactly(debateProgressSchema, payload)
    const info = await value(backend.invoke('debates:read', { path }))
    matchesExactly(debateInfoSchema, info)
    const read = debateInfoSchema.parse(info)
    expect(read.proposals.length).toBeGreaterThan(0)
    // The demo's debate votes, runs off and agrees: tallies, a run-off and an outcome travel too.
    expect(types).toContain('runoff')
    expect(read.tallies.length).toBeGreaterThan(0)
    expect(read.outcome?.kind).toBe('consensus')
  })

  it('refuses an event the contract does not declare, and a field of the wrong kind', () => {
    const run = { runId: 'r1', path: '/tmp/x.md', kind: 'event' }
    expect(
      councilProgressSchema.safeParse({ ...run, event: { type: 'exec', command: 'rm -rf /' } })
        .success,
    ).toBe(false)
    expect(
      debateProgressSchema.safeParse({
        ...run,
        event: { type: 'ballot-cast', participant: 'a', approves: 'P1', weight: 100 },
      }).success,
    ).toBe(false)
  })
})
