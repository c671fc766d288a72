import { describe, expect, it } from 'vitest'

import {
  applyProgress,
  calloutMentions,
  formatCostUsd,
  formatTokens,
  isFinished,
  startTurn,
} from '../../src/renderer/src/components/RunTurn/turn-state.js'
import type { TurnState } from '../../src/renderer/src/components/RunTurn/turn-state.js'
import { TurnStore } from '../../src/renderer/src/components/RunTurn/turn-store.js'
import {
  BLANK_PERSONA,
  formValues,
  personaErrors,
  personaInput,
} from '../../src/renderer/src/components/Participants/persona-form.js'
import type { TurnProgress } from '../../src/shared/contract/index.js'

const usage = { inputTokens: 1200, outputTokens: 80, estimated: false }
const event = (e: Extract<TurnProgress, { kind: 'event' }>['event']): TurnProgress => ({
  turnId: 't1',
  path: '/d.md',
  kind: 'event',
  event: e,
})

function run(state: TurnState, ...progress: TurnProgress[]): TurnState {
  return progress.reduce(applyProgress, state)
}

describe('the turn panel state', () => {
  it('follows each participant from queued to streaming to done or failed', () => {
    const start = startTurn('t1', '/d.md', ['architect', 'security'])
    const streaming = run(
      start,
      event({ type: 'started', participant: 'architect' }),
      event({ type: 'text', participant: 'architect', delta: 'Hel', comment: 'Hel' }),
      event({ type: 'text', participant: 'architect', delta: 'lo', comment: 'Hello' }),
      event({ type: 'failed', participant: 'security', reason: 'quota exceeded' }),
    )
    expect(streaming.rows.map((row) => [row.alias, row.state])).toEqual([
      ['architect', 'streaming'],
      ['security', 'failed'],
    ])
    expect(streaming.rows[0]?.text).toBe('Hello')
    expect(streaming.rows[1]?.reason).toBe('quota exceeded')
    expect(isFinished(streaming)).toBe(false)

    const done = run(
      streaming,
      event({
        type: 'done',
        participant: 'architect',
        author: 'AI-Architect',
        vote: 'READY',
        provider: 'scripted',
        durationMs: 1500,
        usage,
        costUsd: null,
        line: 40,
        note: null,
      }),
      event({ type: 'phase', from: 'a', to: 'b', status: null, reason: 'consensus' }),
      {
        turnId: 't1',
        path: '/d.md',
        kind: 'finished',
        outcome: {
          cancelled: false,
          votes: { READY: 1, CHANGES: 0, REJECT: 0 },
          usage,
          costUsd: null,
          phase: { from: 'a', to: 'b', status: null, reason: 'consensus' },
        },
      },
    )
    expect(done.rows[0]).toMatchObject({ state: 'done', vote: 'READY', author: 'AI-Architect' })
    expect(done.phase?.to).toBe('b')
    expect(isFinished(done)).toBe(true)
  })

  it('marks the unfinished as cancelled on cancel and ignores other turns', () => {
    const start = startTurn('t1', '/d.md', ['architect'])
    const other = applyProgress(start, {
      ...event({ type: 'started', participant: 'architect' }),
      turnId: 't2',
    })
    expect(other).toBe(start)
    const cancelled = applyProgress(start, {
      turnId: 't1',
      path: '/d.md',
      kind: 'finished',
      outcome: {
        cancelled: true,
        votes: { READY: 0, CHANGES: 0, REJECT: 0 },
        usage,
        costUsd: null,
        phase: null,
      },
    })
    expect(cancelled.rows[0]).toMatchObject({ state: 'cancelled', reason: 'cancelled' })
  })

  it('formats tokens and cost, never showing an unknown cost as zero', () => {
    expect(formatTokens({ inputTokens: 1234, outputTokens: 5, estimated: true })).toBe(
      '~1,234 in · ~5 out',
    )
    expect(formatCostUsd(null)).toBe('cost unknown')
    expect(formatCostUsd(0.0123)).toBe('$0.01')
    expect(formatCostUsd(0.0004)).toBe('$0.0004')
  })
})

describe('calloutMentions', () => {
  it('finds the known personas a callout mentions, not e-mail addresses', () => {
    const known = ['architect', 'security', 'designer']
    expect(
      calloutMentions('@Security and @designer: ask rob@architect.io, and @nobody', known),
    ).toEqual(['security', 'designer'])
  })
})

describe('the persona form', () => {
  it('checks fields with the persona schema as they are typed', () => {
    expect(personaErrors(BLANK_PERSONA)).toMatchObject({
      alias: expect.any(String),
      role: expect.any(String),
      personality: expect.any(String),
    })
    const valid = {
      ...BLANK_PERSONA,
      name: 'AI-Tester',
      alias: 'tester',
      role: 'QA',
      personality: 'You test things.',
      concerns: 'Does it break?\n\n  What about edge cases?  ',
    }
    expect(personaErrors(valid)).toEqual({})
    expect(personaErrors({ ...valid, name: 'Tess' }).name).toMatch(/must start with "AI-"/)
    expect(personaInput(valid)).toMatchObject({
      concerns: ['Does it break?', 'What about edge cases?'],
      provider_hint: null,
    })
  })

  it('round-trips a persona through the form, keeping an external command', () => {
    const persona = {
      name: 'AI-Ext',
      alias: 'ext',
      role: 'External',
      personality: 'p',
      expertise: ['a'],
      concerns: ['c'],
      type: 'background' as const,
      provider_hint: 'claude',
      command: ['discussion-ext', '--fast'],
    }
    expect(personaInput(formValues(persona))).toEqual(persona)
  })
})

describe('the turn store', () => {
  it('keeps events that arrive before turns:start answers, and turns of other windows', () => {
    let push: (progress: TurnProgress) => void = () => {}
    const store = new TurnStore((listener) => {
      push = listener
      return () => {}
    })
    let changes = 0
    store.subscribe(() => changes++)
    push(event({ type: 'started', participant: 'architect' }))
    store.started('t1', '/d.md', ['architect', 'security'])
    expect(store.get('/d.md')?.rows.map((row) => [row.alias, row.state])).toEqual([
      ['architect', 'thinking'],
      ['security', 'queued'],
    ])
    push({ ...event({ type: 'queued', participant: 'designer' }), turnId: 't9', path: '/e.md' })
    expect(store.get('/e.md')?.rows.map((row) => row.alias)).toEqual(['designer'])
    store.close('/d.md')
    expect(store.get('/d.md')).toBeNull()
    expect(changes).toBe(4)
  })
})
