import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  endTurnProgress,
  isActive,
  queuedRow,
  reduceTurnProgress,
  startTurnProgress,
} from './progress.js'
import type { TurnRunProgress } from './progress.js'
import type { ParticipantEvent, TurnEvent } from './turn-events.js'

const usage = { inputTokens: 800, outputTokens: 30, estimated: false }

const done = (participant: string, vote: 'READY' | null = 'READY'): ParticipantEvent => ({
  type: 'done',
  participant,
  author: `AI-${participant}`,
  vote,
  provider: 'demo',
  durationMs: 1200,
  usage,
  costUsd: 0.0021,
  line: 40,
  note: null,
})

const fold = (events: readonly TurnEvent[], from = startTurnProgress([])): TurnRunProgress =>
  events.reduce(reduceTurnProgress, from)

const stateOf = (progress: TurnRunProgress, alias: string) =>
  progress.rows.find((row) => row.alias === alias)?.state

describe('a turn’s progress', () => {
  it('follows each participant from queued to its answer, saved with vote, usage and line', () => {
    let progress = startTurnProgress(['architect', 'security'])
    expect(progress.rows.map((row) => row.state)).toEqual(['queued', 'queued'])
    progress = fold(
      [
        { type: 'started', participant: 'architect' },
        { type: 'text', participant: 'architect', delta: 'Hel', comment: 'Hel' },
      ],
      progress,
    )
    expect(progress.rows[0]).toMatchObject({ state: 'streaming', text: 'Hel' })
    expect(isActive(progress.rows[0]!.state)).toBe(true)
    progress = fold([done('architect')], progress)
    expect(progress.rows[0]).toMatchObject({
      state: 'done',
      author: 'AI-architect',
      vote: 'READY',
      provider: 'demo',
      durationMs: 1200,
      usage,
      costUsd: 0.0021,
      line: 40,
      text: 'Hel',
    })
    expect(progress.rows[1]).toEqual(queuedRow('security'))
  })

  it('forgets the text streamed by a provider that failed, and says which one is next', () => {
    const progress = fold([
      { type: 'started', participant: 'a' },
      { type: 'text', participant: 'a', delta: 'half', comment: 'half' },
      { type: 'retrying', participant: 'a', failed: 'claude', reason: 'quota', next: 'ollama' },
    ])
    expect(progress.rows[0]).toMatchObject({
      state: 'retrying',
      text: '',
      reason: 'claude failed (quota); trying ollama',
    })
  })

  it('tells a stop the person asked for from a failure', () => {
    const before = fold([
      { type: 'started', participant: 'a' },
      { type: 'started', participant: 'b' },
      { type: 'failed', participant: 'c', reason: 'quota exceeded' },
    ])
    expect(stateOf(before, 'c')).toBe('failed')
    const asked = fold(
      [
        { type: 'failed', participant: 'a', reason: 'The operation was aborted' },
        { type: 'skipped', participant: 'd', reason: 'cancelled' },
      ],
      { ...before, cancelRequested: true },
    )
    expect(stateOf(asked, 'a')).toBe('cancelled')
    expect(stateOf(asked, 'd')).toBe('cancelled')
    const ended = endTurnProgress(asked, true)
    expect(ended.rows.map((row) => [row.alias, row.state])).toEqual([
      ['a', 'cancelled'],
      ['b', 'cancelled'],
      ['c', 'failed'],
      ['d', 'cancelled'],
    ])
    expect(endTurnProgress(before, false)).toBe(before)
  })

  it('keeps the phase change the turn ended with, and a caller’s own fields', () => {
    const progress = reduceTurnProgress(
      { ...startTurnProgress(['a']), turnId: 't1' },
      { type: 'phase', from: 'review', to: 'decide', status: null, reason: 'consensus' },
    )
    expect(progress.phase).toEqual({
      from: 'review',
      to: 'decide',
      status: null,
      reason: 'consensus',
    })
    expect(progress.turnId).toBe('t1')
  })
})

// Property tests: any sequence of a turn's events, in any order and interleaving.
const aliases = fc.constantFrom('architect', 'security', 'pragmatist', 'ux')
const participantEvent: fc.Arbitrary<ParticipantEvent> = aliases.chain((participant) =>
  fc.oneof(
    fc.constant<ParticipantEvent>({ type: 'queued', participant }),
    fc.constant<ParticipantEvent>({ type: 'started', participant }),
    fc
      .string()
      .map<ParticipantEvent>((comment) => ({ type: 'text', participant, delta: '', comment })),
    fc.constant<ParticipantEvent>({
      type: 'retrying',
      participant,
      failed: 'p1',
      reason: 'down',
      next: 'p2',
    }),
    fc.constantFrom('READY' as const, null).map((vote) => done(participant, vote)),
    fc.constant<ParticipantEvent>({
      type: 'no-response',
      participant,
      provider: 'demo',
      durationMs: 5,
    }),
    fc
      .constantFrom('quota', 'aborted')
      .map<ParticipantEvent>((reason) => ({ type: 'failed', participant, reason })),
    fc
      .constantFrom('cancelled', 'unknown persona')
      .map<ParticipantEvent>((reason) => ({ type: 'skipped', participant, reason })),
  ),
)
const phaseEvent: fc.Arbitrary<TurnEvent> = fc.record({
  type: fc.constant('phase' as const),
  from: fc.constantFrom('review', 'decide'),
  to: fc.constantFrom('decide', null),
  status: fc.constantFrom('OPEN', null),
  reason: fc.constantFrom('consensus', null),
})
const turnEvents = fc.array(fc.oneof({ weight: 8, arbitrary: participantEvent }, phaseEvent), {
  maxLength: 40,
})
const start = fc
  .record({
    named: fc.uniqueArray(aliases, { maxLength: 4 }),
    cancelRequested: fc.boolean(),
  })
  .map(({ named, cancelRequested }) => ({ ...startTurnProgress(named), cancelRequested }))

const isParticipantEvent = (event: TurnEvent): event is ParticipantEvent => event.type !== 'phase'

describe('a turn’s progress, over any sequence of events', () => {
  it('has one row a participant: those named first, then the others as they first appear', () => {
    fc.assert(
      fc.property(start, turnEvents, (from, events) => {
        const expected = [
          ...new Set([
            ...from.rows.map((row) => row.alias),
            ...events.filter(isParticipantEvent).map((event) => event.participant),
          ]),
        ]
        expect(fold(events, from).rows.map((row) => row.alias)).toEqual(expected)
      }),
    )
  })

  it('gives each participant the same row whatever the others did meanwhile', () => {
    fc.assert(
      fc.property(start, turnEvents, (from, events) => {
        const all = fold(events, from)
        for (const row of all.rows) {
          const own = events.filter(
            (event) => isParticipantEvent(event) && event.participant === row.alias,
          )
          const alone = fold(own, {
            ...startTurnProgress([row.alias]),
            cancelRequested: from.cancelRequested,
          })
          expect(alone.rows).toEqual([row])
        }
      }),
    )
  })

  it('ends each row in the state its last event says', () => {
    const expected: Record<ParticipantEvent['type'], string[]> = {
      queued: ['queued'],
      started: ['thinking'],
      text: ['streaming'],
      retrying: ['retrying'],
      done: ['done'],
      'no-response': ['no-response'],
      failed: ['failed', 'cancelled'],
      skipped: ['skipped', 'cancelled'],
    }
    fc.assert(
      fc.property(start, turnEvents, (from, events) => {
        const progress = fold(events, from)
        for (const row of progress.rows) {
          const last = events
            .filter(isParticipantEvent)
            .findLast((event) => event.participant === row.alias)
          if (!last) expect(row.state).toBe('queued')
          else expect(expected[last.type]).toContain(row.state)
          if (last?.type === 'text') expect(row.text).toBe(last.comment)
          if (last?.type === 'done') expect(row).toMatchObject({ vote: last.vote, line: last.line })
          // A failure is a cancel only when the person asked for one.
          if (last?.type === 'failed')
            expect(row.state).toBe(from.cancelRequested ? 'cancelled' : 'failed')
        }
      }),
    )
  })

  it('keeps the last phase change, whatever the participants did', () => {
    fc.assert(
      fc.property(start, turnEvents, (from, events) => {
        const last = events.findLast((event) => event.type === 'phase') ?? null
        const phase = last && {
          from: last.from,
          to: last.to,
          status: last.status,
          reason: last.reason,
        }
        expect(fold(events, from).phase).toEqual(phase)
      }),
    )
  })

  it('never changes the progress it was given', () => {
    fc.assert(
      fc.property(start, turnEvents, fc.boolean(), (from, events, cancelled) => {
        const frozen = structuredClone(from)
        let progress = from
        for (const event of events) {
          const copy = structuredClone(progress)
          const next = reduceTurnProgress(progress, event)
          expect(progress).toEqual(copy)
          progress = next
        }
        const copy = structuredClone(progress)
        endTurnProgress(progress, cancelled)
        expect(progress).toEqual(copy)
        expect(from).toEqual(frozen)
      }),
    )
  })

  it('leaves nobody in flight once a cancelled turn ends, and no row changed when it was not', () => {
    fc.assert(
      fc.property(start, turnEvents, (from, events) => {
        const progress = fold(events, from)
        const cancelled = endTurnProgress(progress, true)
        expect(cancelled.rows.filter((row) => isActive(row.state))).toEqual([])
        for (const [index, row] of cancelled.rows.entries())
          if (row.state !== 'cancelled') expect(row).toEqual(progress.rows[index])
        expect(endTurnProgress(progress, false)).toEqual(progress)
      }),
    )
  })
})
