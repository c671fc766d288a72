/**
 * The debate state machine end to end, in-process: scripted participants, the real file store.
 */
import { describe, expect, it } from 'vitest'

import { decideDebate } from '../../src/core/debate/decide.js'
import { readDebate } from '../../src/core/debate/read-state.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { headerValue } from '../../src/core/format/headers.js'
import { answer, baseline, callsByPhase, debateHarness } from './harness.js'
import type { StepInfo } from './harness.js'
import { admitName, admitText } from '../../src/core/text/text.js'

const readDebateState = (text: string) => readDebate(parseDiscussion(text))

const THREE = [{ alias: 'ann' }, { alias: 'bob' }, { alias: 'cy' }]

describe('the debate state machine', () => {
  it('runs propose, critique, defend, vote in order with one call per participant and step', async () => {
    const debate = await debateHarness({
      participants: THREE,
      script: (step) => {
        if (step.phase === 'critique' && step.alias === 'bob')
          return answer.critiques({ target: 'P1', severity: 'minor' })
        if (step.phase === 'vote' && step.alias !== 'ann') return answer.ballot('P1')
        return baseline(step)
      },
    })
    const result = await debate.run()

    expect(result.cancelled).toBe(false)
    expect(result.state.outcome).toEqual({ kind: 'consensus', proposal: 'P1', round: 1 })
    const phases = debate.events.filter((e) => e.type === 'phase-started').map((e) => e.phase)
    expect(phases).toEqual(['propose', 'critique', 'defend', 'vote'])
    // Only the criticised author defends.
    expect(callsByPhase(debate.calls)).toEqual({
      '1:propose': ['ann', 'bob', 'cy'],
      '1:critique': ['ann', 'bob', 'cy'],
      '1:defend': ['ann'],
      '1:vote': ['ann', 'bob', 'cy'],
    })
    const types = debate.events.map((e) => e.type)
    expect(types[0]).toBe('debate-started')
    expect(types.slice(-3)).toEqual(['round-ended', 'consensus-reached', 'debate-finished'])
    const parsed = parseDiscussion(await debate.text())
    expect(headerValue(parsed, 'Status')).toBe('CONSENSUS')
    expect(await debate.text()).toContain('RESULT: round 1, consensus on P1')
  })

  it('keeps a proposal with an unaddressed blocking critique out, whatever its approval', async () => {
    const script = (addressed: boolean) => (step: StepInfo) => {
      if (step.phase === 'critique' && step.alias === 'bob')
        return answer.critiques({ target: 'P1', severity: 'blocking', text: 'leaks tokens' })
      if (step.phase === 'defend') return answer.defense(addressed ? ['C1.bob.1'] : [])
      if (step.phase === 'vote' && step.alias !== 'ann') return answer.ballot('P1')
      return baseline(step)
    }
    const blocked = await debateHarness({
      participants: THREE,
      settings: { maxRounds: 1 },
      script: script(false),
    })
    const first = await blocked.run()
    const tally = blocked.events.find((e) => e.type === 'round-ended')
    expect(tally?.type === 'round-ended' && tally.tally.proposals[0]).toMatchObject({
      proposal: 'P1',
      approving: 200,
      blockedBy: ['C1.bob.1'],
      passes: false,
    })
    expect(first.state.outcome?.kind).toBe('escalated')

    const unblocked = await debateHarness({
      participants: THREE,
      settings: { maxRounds: 1 },
      script: script(true),
    })
    expect((await unblocked.run()).state.outcome).toMatchObject({
      kind: 'consensus',
      proposal: 'P1',
    })
  })

  it("never counts approval of one's own proposal, and says it dropped it", async () => {
    const debate = await debateHarness({
      participants: THREE,
      settings: { maxRounds: 1 },
      // ann approves her own P1; only bob approves it besides: 1 of 3 is not enough.
      script: (step) =>
        step.phase === 'vote' && (step.alias === 'ann' || step.alias === 'bob')
          ? answer.ballot('P1')
          : baseline(step),
    })
    const { state } = await debate.run()
    expect(state.rounds[0]?.ballots.find((b) => b.voter === 'ann')?.approves).toEqual([])
    expect(await debate.text()).toContain('_(dropped the approval of its own proposal P1)_')
    expect(state.outcome?.kind).toBe('escalated')
  })

  it('goes to a run-off when several pass, asking only about those', async () => {
    const debate = await debateHarness({
      participants: [...THREE, { alias: 'dee' }],
      script: (step) => {
        if (step.phase !== 'vote') return baseline(step)
        // Round 1: P1 and P2 have 3 of 4 (>= 2/3), P3 and P4 nothing.
        if (step.round === 1)
          return answer.ballot(...({ ann: ['P2'], bob: ['P1'] }[step.alias] ?? ['P1', 'P2']))
        // Round 2: all but ann back P1.
        return answer.ballot(...(step.alias === 'ann' ? [] : ['P1']))
      },
    })
    const { state } = await debate.run()
    expect(state.rounds[0]?.result).toEqual({ kind: 'runoff', proposals: ['P1', 'P2'] })
    expect(state.rounds[1]?.candidates).toEqual(['P1', 'P2'])
    expect(
      debate.calls.filter((c) => c.round === 2).every((c) => c.inPlay.join() === 'P1,P2'),
    ).toBe(true)
    expect(state.outcome).toEqual({ kind: 'consensus', proposal: 'P1', round: 2 })
    // No proposing in round 2; nobody was criticised, so nobody defends.
    expect(Object.keys(callsByPhase(debate.calls))).toEqual([
      '1:propose',
      '1:critique',
      '1:vote',
      '2:critique',
      '2:vote',
    ])
    expect(debate.events.some((e) => e.type === 'runoff')).toBe(true)
  })

  it('escalates after max rounds; only then the human decides', async () => {
    const debate = await debateHarness({ participants: THREE, script: baseline })
    const { state } = await debate.run()
    expect(state.rounds.map((r) => r.result?.kind)).toEqual(['none', 'none', 'none'])
    expect(state.outcome).toMatchObject({ kind: 'escalated', rounds: 3 })
    expect(headerValue(parseDiscussion(await debate.text()), 'Status')).toBe('ESCALATED')
    // Running again changes nothing: it waits for the human.
    const calls = debate.calls.length
    await debate.run()
    expect(debate.calls.length).toBe(calls)

    const rob = admitName('Rob')
    const decision = decideDebate(state, { accept: 'p2' }, rob, admitText('Simplest to operate.'))
    expect(decision.outcome).toEqual({ kind: 'accepted', proposal: 'P2', by: 'Rob' })
    expect(decision.body).toContain('RESULT: accepted P2 by Rob')
    expect(() => decideDebate(state, { accept: 'P9' }, rob)).toThrow(/not a proposal/)
    expect(() => decideDebate(state, { accept: 'P2' }, admitName('AI-Rob'))).toThrow(/a person's/)
  })

  it('refuses a decision while the debate runs and once it is decided', async () => {
    const debate = await debateHarness({
      participants: THREE,
      script: (step) => (step.phase === 'vote' ? answer.ballot('P3') : baseline(step)),
    })
    const running = readDebateState(await debate.text())
    expect(() => decideDebate(running, { reject: true }, admitName('Rob'))).toThrow(/still running/)
    await debate.run()
    const decided = readDebateState(await debate.text())
    expect(() => decideDebate(decided, { reject: true }, admitName('Rob'))).toThrow(
      /already decided \(consensus\)/,
    )
  })

  it('enforces the round timeout: a hanging participant is recorded absent and the debate moves on', async () => {
    const debate = await debateHarness({
      participants: THREE,
      settings: { maxRounds: 1 },
      script: (step) => {
        if (step.alias === 'cy') return 'hang'
        if (step.phase === 'vote') return answer.ballot(step.alias === 'ann' ? 'P2' : 'P1')
        return baseline(step)
      },
    })
    const { state } = await debate.run({ timeoutMs: 150 })
    const absences = state.rounds[0]?.absences.map((a) => [a.participant, a.phase, a.reason])
    expect(absences).toEqual([
      ['cy', 'propose', 'timed out after 0.15 s'],
      ['cy', 'critique', 'timed out after 0.15 s'],
      ['cy', 'vote', 'timed out after 0.15 s'],
    ])
    // cy counts in the total but approves nothing: 1 of 3 each, no consensus in the one round.
    expect(state.proposals.map((p) => p.id)).toEqual(['P1', 'P2'])
    expect(state.outcome?.kind).toBe('escalated')
    expect(debate.events.filter((e) => e.type === 'participant-absent')).toHaveLength(3)
  })

  it('records a failing provider and an unreadable answer as absent, keeping what it said', async () => {
    const debate = await debateHarness({
      participants: THREE,
      settings: { maxRounds: 1 },
      script: (step) =>
        step.phase === 'critique' && step.alias === 'bob'
          ? 'I think all of them are fine really.'
          : step.phase === 'vote' && step.alias === 'cy'
            ? 'fail'
            : baseline(step),
    })
    const { state } = await debate.run()
    expect(state.rounds[0]?.absences.map((a) => [a.participant, a.phase])).toEqual([
      ['bob', 'critique'],
      ['cy', 'vote'],
    ])
    const text = await debate.text()
    expect(text).toContain('> I think all of them are fine really.')
    expect(text).toContain(
      'ABSENT: @cy from vote (round 1): no answer: scripted: exited with code 3',
    )
  })

  it('resumes after an interrupted run without asking anyone twice', async () => {
    const controller = new AbortController()
    const debate = await debateHarness({
      participants: THREE,
      script: (step) => {
        if (step.phase === 'vote' && step.alias === 'cy') return 'hang'
        if (step.phase === 'vote') return answer.ballot(step.alias === 'ann' ? 'P2' : 'P1')
        return baseline(step)
      },
    })
    // The "crash": the run stops once ann's and bob's ballots are saved, while cy still thinks.
    let ballots = 0
    const first = await debate.run({
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'ballot-cast' && ++ballots === 2) controller.abort()
      },
    })
    expect(first.cancelled).toBe(true)
    const before = debate.calls.length

    const resumed = await debateHarness({
      participants: THREE,
      script: (step) => (step.phase === 'vote' ? answer.ballot('P1') : baseline(step)),
      resume: debate.file,
    })
    const { state } = await resumed.run()
    // Only cy's ballot was missing; ann's and bob's stand; 2 of 3 on P1 is consensus.
    expect(resumed.calls.map((c) => `${c.round}:${c.phase}:${c.alias}`)).toEqual(['1:vote:cy'])
    expect(resumed.events[0]).toMatchObject({ type: 'debate-started', resumed: true })
    expect(state.outcome).toEqual({ kind: 'consensus', proposal: 'P1', round: 1 })
    expect(before).toBe(9)
  })
})
