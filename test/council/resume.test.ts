/**
 * Resuming: the file says which calls are done, so a run stopped mid-round (here: cancelled while
 * two advisors of round 2 were still thinking) continues with exactly the missing calls, and the
 * prompts after the resume read the answers written before it.
 */
import { readFile } from 'node:fs/promises'

import { describe, expect, it } from 'vitest'

import { readRecordedCalls } from '../../src/core/council/record.js'
import { validateDiscussion } from '../../src/core/discussion/validate.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import type { Script } from './harness.js'
import { councilFile, defaultScript, hangUntilAborted, runScripted } from './harness.js'

describe('resuming a council', () => {
  it('continues mid-round with only the missing calls, and they read what came before', async () => {
    const setup = await councilFile({ rounds: 3 })
    const controller = new AbortController()
    const stopping: Script = (call, request) =>
      call.label === 'council-r2-visionary' || call.label === 'council-r2-skeptic'
        ? hangUntilAborted(request)
        : defaultScript(call, request)
    const first = await runScripted(setup, {
      script: stopping,
      signal: controller.signal,
      // Stopped the moment round 2's first answer is saved, the others still thinking.
      onEvent: (event) => {
        if (event.type === 'done' && event.label === 'council-r2-pragmatist') controller.abort()
      },
    })
    expect(first.result).toMatchObject({ complete: false, cancelled: true, synthesis: null })
    const stopped = parseDiscussion(await readFile(setup.file, 'utf8'))
    expect([...readRecordedCalls(stopped).keys()].sort()).toEqual(
      [
        'council-r1-pragmatist',
        'council-r1-skeptic',
        'council-r1-visionary',
        'council-r2-pragmatist',
      ].sort(),
    )

    const events: string[] = []
    const second = await runScripted(setup, {
      onEvent: (event) => {
        if (event.type === 'plan')
          events.push(...event.calls.filter((c) => c.done).map((c) => `done ${c.label}`))
      },
    })
    expect(events).toHaveLength(4)
    expect(second.calls.map((call) => call.label)).toEqual([
      'council-r2-visionary',
      'council-r2-skeptic',
      'council-r3-pragmatist',
      'council-r3-visionary',
      'council-r3-skeptic',
      'council-referee',
    ])
    // The rebuttal after the resume reads round 1 from the file, its own and the others'.
    const rebuttal = second.calls[0]?.prompt ?? ''
    expect(rebuttal).toContain('ANSWER council-r1-visionary')
    expect(rebuttal).toContain('ANSWER council-r1-pragmatist')
    expect(rebuttal).not.toContain('ANSWER council-r2-pragmatist')
    expect(second.calls[5]?.prompt).toContain('ANSWER council-r2-pragmatist')
    expect(second.result).toMatchObject({ complete: true, callsMade: 6, callsPlanned: 10 })
    // Totals come from the file: the calls of both runs.
    expect(second.result.total.calls).toBe(10)
    expect(second.result.total.costUsd).toBeCloseTo(0.01)

    const parsed = parseDiscussion(await readFile(setup.file, 'utf8'))
    expect(validateDiscussion(parsed)).toEqual([])
    expect(parsed.comments).toHaveLength(10) // each call answered once
    expect(parsed.headers.find((h) => h.key === 'Status')?.value).toBe('COMPLETE')
    expect(parsed.phaseMarkers.flatMap((m) => (m.kind === 'transition' ? [m.to] : []))).toEqual([
      'synthesis',
      'complete',
    ])

    // Running a finished council again calls nobody.
    const third = await runScripted(setup)
    expect(third.calls).toEqual([])
    expect(third.result.complete).toBe(true)
  })

  it('a failed call stops the council after its step; resume retries it', async () => {
    const setup = await councilFile({ mode: 'dp', rounds: 2 })
    const failing: Script = (call, request) => {
      if (call.label === 'council-r1-p-freethinker') throw new Error('401 Unauthorized')
      return defaultScript(call, request)
    }
    const first = await runScripted(setup, { script: failing })
    expect(first.result.failed).toEqual([
      { label: 'council-r1-p-freethinker', reason: '401 Unauthorized' },
    ])
    // The step's other call finished and is kept; nothing after the step ran.
    expect(first.calls.map((call) => call.label)).toEqual([
      'council-r1-d-freethinker',
      'council-r1-p-freethinker',
    ])
    const second = await runScripted(setup)
    expect(second.calls.map((call) => call.label)[0]).toBe('council-r1-p-freethinker')
    expect(second.calls).toHaveLength(8)
    expect(second.result.complete).toBe(true)
  })
})
