/**
 * The council through the app's backend on real files, answered by the demo provider (nothing
 * configured): councils:start answers at once, councils:progress reports each call and the end,
 * councils:read shows the file as the view needs it, and a bad request is one readable line.
 */
import { afterEach, describe, expect, it } from 'vitest'

import type { Backend, EventListener } from '../../src/backend/index.js'
import type { CouncilInfo, CouncilProgress } from '../../src/shared/contract/index.js'
import { exampleBackend } from '../app/backend-fixture.js'

let open: Backend | null = null
afterEach(() => open?.close())

async function value<T>(reply: Promise<unknown>): Promise<T> {
  const settled = (await reply) as { value?: T; error?: { message: string } }
  if (settled.error) throw new Error(settled.error.message)
  return settled.value as T
}

describe('council in the backend', () => {
  it('starts, reports progress per call and reads back the synthesis and ranking', async () => {
    const { backend, folder } = await exampleBackend()
    open = backend
    const progress: CouncilProgress[] = []
    const listener: EventListener = (channel, payload) => {
      if (channel === 'councils:progress') progress.push(payload as CouncilProgress)
    }
    backend.subscribe(listener)
    const finished = new Promise<void>((resolve) => {
      backend.subscribe((channel, payload) => {
        if (channel === 'councils:progress' && (payload as CouncilProgress).kind !== 'event')
          resolve()
      })
    })
    const started = await value<{ path: string; runId: string }>(
      backend.invoke('councils:start', { folder, question: 'Cache the feed?', rank: true }),
    )
    expect(started.path.startsWith(folder)).toBe(true)
    await finished

    expect(progress.at(-1)).toMatchObject({
      runId: started.runId,
      kind: 'finished',
      complete: true,
      failed: [],
    })
    const done = progress.flatMap((p) =>
      p.kind === 'event' && p.event.type === 'done' ? [p.event.label] : [],
    )
    expect(done).toHaveLength(7) // 3 advisors + 3 rankers + referee
    // Members' text streams to the app as it arrives.
    expect(progress.some((p) => p.kind === 'event' && p.event.type === 'text')).toBe(true)

    const info = await value<CouncilInfo>(backend.invoke('councils:read', { path: started.path }))
    expect(info).toMatchObject({
      complete: true,
      running: null,
      phase: 'complete',
      status: 'COMPLETE',
      options: { mode: 'personality', flow: 'parallel', rounds: 1, rank: true },
      synthesis: { author: 'AI-Referee', provider: 'demo' },
    })
    expect(info.calls.map((call) => [call.label, call.answered])).toEqual([
      ['council-pragmatist', true],
      ['council-visionary', true],
      ['council-skeptic', true],
      ['council-rank-pragmatist', true],
      ['council-rank-visionary', true],
      ['council-rank-skeptic', true],
      ['council-referee', true],
    ])
    expect(info.ranking).toMatch(/^Anonymized peer ranking/)
    expect(info.total.calls).toBe(7)

    // Resuming a finished council makes no calls and finishes at once.
    const again = await value<{ runId: string }>(
      backend.invoke('councils:resume', { path: started.path }),
    )
    expect(again.runId).not.toBe(started.runId)
  })

  it('refuses invalid combinations and files that are no council', async () => {
    const { backend, folder } = await exampleBackend()
    open = backend
    expect(
      await backend.invoke('councils:start', { folder, question: 'q?', mode: 'dp', rank: true }),
    ).toEqual({
      error: { message: expect.stringMatching(/--rank works in personality mode only/) as string },
    })
    expect(await backend.invoke('councils:start', { folder, question: '  ' })).toEqual({
      error: { message: 'councils:start: question: ask the council something' },
    })
    const reply = await backend.invoke('councils:read', {
      path: `${folder}/add-user-authentication.md`,
    })
    expect(reply).toEqual({
      error: { message: expect.stringMatching(/is not a council/) as string },
    })
  })
})
