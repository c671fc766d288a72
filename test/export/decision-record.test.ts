// The decision a discussion reached, as every export reads it: status from the template's
// consensus or the debate's outcome, people, options, consequences, confirmation and dissent.
import { readFile } from 'node:fs/promises'

import { describe, expect, it } from 'vitest'

import { decideDebate } from '../../src/core/debate/decide.js'
import { readDebate } from '../../src/core/debate/read-state.js'
import { buildDecisionRecord, decisionTitle } from '../../src/core/export/decision-record.js'
import type { DecisionRecord } from '../../src/core/export/decision-record.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { admitName, admitText } from '../../src/core/text/text.js'
import { answer, baseline, debateHarness } from '../debate/harness.js'
import { councilFile, runScripted } from '../council/harness.js'
import {
  bundledTemplate,
  changesDiscussion,
  discussionText,
  openDiscussion,
  readyDiscussion,
} from './discussion-texts.js'
import type { DiscussionText } from './discussion-texts.js'

const RULES = { threshold_ready: 0.67, threshold_reject: 0.01, human_required: true }

function recordOf(text: string, template = bundledTemplate('feature')): DecisionRecord {
  return buildDecisionRecord({
    parsed: parseDiscussion(text),
    template,
    consensus: RULES,
    date: '2026-11-02',
    source: '../../discussions/d.md',
  })
}

const record = (d: DiscussionText): DecisionRecord => recordOf(discussionText(d))

describe('a discussion with a consensus', () => {
  const r = record(readyDiscussion())

  it('is accepted, chosen from its DECISION: line, with the vote that decided it', () => {
    expect(r.status).toBe('accepted')
    expect(r.verdict).toBe('Consensus reached: 3 of 4 READY.')
    expect(r.options.map((o) => o.title)).toEqual(['Server-side sessions in PostgreSQL.'])
    expect(r.chosen).toMatchObject({
      title: 'Server-side sessions in PostgreSQL.',
      author: 'AI-Architect',
    })
    expect(r.because).toBe(
      'the discussion reached consensus in its Consensus Vote phase (3 of 4 READY, approved by Rob)',
    )
    expect(r.tally[0]).toBe('Votes in Consensus Vote: READY 3, CHANGES 1, REJECT 0.')
    expect(r.tally).toContain('Rob: READY (Server sessions it is.)')
  })

  it('names the humans who voted as decision makers and the personas as consulted', () => {
    expect(r.decisionMakers).toEqual(['Rob'])
    expect(r.consulted).toEqual(['AI-Architect', 'AI-Security', 'AI-Pragmatist'])
  })

  it('takes consequences from decisions and concerns, confirmation from TODO and ASSIGNED', () => {
    expect(r.consequences.good.map((i) => i.text)).toEqual(['Server-side sessions in PostgreSQL.'])
    expect(r.consequences.bad.map((i) => i.text)).toEqual(['Session fixation on login.'])
    expect(r.confirmation.open.map((i) => i.text)).toEqual([
      'Rotate the session id at login.',
      '@architect writes the migration.',
    ])
    expect(r.openQuestions.map((i) => i.text)).toEqual(['Who owns the cleanup job?'])
  })

  it('records who voted otherwise and why', () => {
    expect(r.dissent).toEqual([
      { name: 'AI-Pragmatist', position: 'CHANGES', reason: 'Fine by me.' },
    ])
  })

  it("takes the context from the discussion's own text, without the template's closing line", () => {
    expect(r.context).toBe('## Context\n\nUsers need accounts before the January rollout.')
    expect(r.title).toBe('Use server sessions')
    expect(r.tags).toEqual(['feature'])
  })
})

describe('the status follows the template, not the votes alone', () => {
  it('is proposed without a consensus', () => {
    expect(record(changesDiscussion()).status).toBe('proposed')
    const open = record(openDiscussion())
    expect(open.status).toBe('proposed')
    expect(open.chosen.title).toBe('Use the database as a queue.')
    expect(open.because).toMatch(
      /^it is the latest decision proposed, and the vote has not decided it yet \(no consensus yet: 1 of 2 READY, needs 67%\)$/,
    )
  })

  it('is rejected on a REJECT outcome', () => {
    const r = record({
      ...openDiscussion(),
      thread: [
        { author: 'AI-Architect', text: 'DECISION: Use the database as a queue.', vote: 'REJECT' },
        { author: 'Rob', text: 'No.', vote: 'REJECT' },
      ],
    })
    expect(r.status).toBe('rejected')
    expect(r.because).toBe('the vote in its Consensus Vote phase rejected it (2 of 2 REJECT)')
  })

  it('is proposed while its phase does not vote, whatever the votes say', () => {
    const r = record({ ...readyDiscussion(), phase: 'initial_feedback' })
    expect(r.status).toBe('proposed')
    expect(r.verdict).toMatch(/^No vote in this phase \(Initial Feedback\)/)
  })

  it("is accepted once the template's consensus status is in the header, after the votes reset", () => {
    const r = record({
      ...readyDiscussion(),
      status: 'READY_FOR_IMPLEMENTATION',
      thread: [...readyDiscussion().thread, { from: 'consensus_vote', to: 'consensus_vote' }],
    })
    expect(r.status).toBe('accepted')
    expect(r.because).toMatch(
      /reached consensus in its Consensus Vote phase \(status READY_FOR_IMPLEMENTATION\)/,
    )
  })

  it('needs a human READY when the rules ask for one', () => {
    const ai = readyDiscussion().thread.filter((s) => !('author' in s) || s.author !== 'Rob')
    expect(record({ ...readyDiscussion(), thread: ai }).status).toBe('proposed')
  })

  it('reads the decision alone when there is no DECISION: line', () => {
    const r = record(changesDiscussion())
    expect(r.options).toEqual([{ title: 'Adopt GraphQL', detail: null, author: null, line: null }])
  })
})

describe('debates', () => {
  const participants = [
    { alias: 'architect', weight: 200 },
    { alias: 'security', weight: 150 },
    { alias: 'pragmatist' },
  ]

  it('reach a decision by consensus: the proposals are the options, the critics the bad side', async () => {
    const debate = await debateHarness({
      participants,
      script: (step) => {
        if (step.phase === 'critique' && step.alias === 'architect')
          return answer.critiques({ target: 'P2', severity: 'major', text: 'No rate limit.' })
        if (step.phase === 'vote') return step.own === 'P2' ? answer.ballot() : answer.ballot('P2')
        return baseline(step)
      },
    })
    await debate.run()
    const r = recordOf(await debate.text(), bundledTemplate('debate'))
    expect(r.kind).toBe('debate')
    expect(r.status).toBe('accepted')
    expect(r.options.map((o) => o.title)).toEqual([
      'P1: Plan of architect',
      'P2: Plan of security',
      'P3: Plan of pragmatist',
    ])
    expect(r.chosen.title).toBe('P2: Plan of security')
    expect(r.because).toBe('it passed round 1 with 3 of 4.5 of the voting weight (threshold 2/3)')
    expect(r.consequences.bad).toEqual([
      { text: 'major critique: No rate limit.', author: '@architect', line: null },
    ])
    expect(r.dissent).toEqual([])
    expect(r.consulted).toEqual(['AI-Architect', 'AI-Security', 'AI-Pragmatist'])
    expect(r.context).toBe('Two app instances behind a load balancer.')
  })

  it('escalated, propose the leader; decided by a person, name that person', async () => {
    const debate = await debateHarness({
      participants,
      settings: { maxRounds: 1 },
      script: baseline,
    })
    await debate.run()
    const escalated = recordOf(await debate.text(), bundledTemplate('debate'))
    expect(escalated.status).toBe('proposed')
    expect(escalated.because).toMatch(/^it led the last vote, but no proposal reached 2\/3/)

    const state = readDebate(parseDiscussion(await debate.text()))
    const accepted = decideDebate(
      state,
      { accept: 'P2' },
      admitName('Rob'),
      admitText('Validation first.'),
    )
    await debate.deps.store.appendComment(debate.file, {
      author: admitName('Rob'),
      body: accepted.body,
      vote: null,
    })
    const r = recordOf(await debate.text(), bundledTemplate('debate'))
    expect(r.status).toBe('accepted')
    expect(r.chosen.title).toBe('P2: Plan of security')
    expect(r.decisionMakers).toEqual(['Rob'])
    expect(r.because).toBe('Rob accepted it after the debate was escalated')
  })

  it('rejected by a person, are rejected', async () => {
    const debate = await debateHarness({
      participants,
      settings: { maxRounds: 1 },
      script: baseline,
    })
    await debate.run()
    const state = readDebate(parseDiscussion(await debate.text()))
    const rejected = decideDebate(state, { reject: true }, admitName('Rob'))
    await debate.deps.store.appendComment(debate.file, {
      author: admitName('Rob'),
      body: rejected.body,
      vote: null,
    })
    const r = recordOf(await debate.text(), bundledTemplate('debate'))
    expect(r.status).toBe('rejected')
    expect(r.because).toBe('Rob rejected every proposal after the debate was escalated')
  })
})

describe('councils', () => {
  it("propose the referee's recommendation, consulting each member through its model", async () => {
    const setup = await councilFile({ mode: 'personality' }, 'Should we rewrite the importer?')
    await runScripted(setup, {
      script: (call) =>
        call.stage === 'synthesis'
          ? 'Rewrite the parser only.\n\nKeep the rest.'
          : `ANSWER ${call.label}`,
    })
    const r = recordOf(await readFile(setup.file, 'utf8'), bundledTemplate('council'))
    expect(r.kind).toBe('council')
    expect(r.status).toBe('proposed')
    expect(r.chosen.title).toBe('Rewrite the parser only.')
    expect(r.verdict).toMatch(/^Recommended by AI-Referee; a council advises and does not vote\.$/)
    expect(r.consulted).toContain('AI-Referee (scripted)')
    expect(r.context).toBe('Should we rewrite the importer?')
  })
})

describe('decisionTitle', () => {
  it.each([
    ['ADR: Public API Redesign', 'Public API Redesign'],
    ['Debate: Where should sessions live?', 'Where should sessions live?'],
    ['  Two\nlines ', 'Two lines'],
    ['', 'Untitled decision'],
  ])('%j -> %j', (title, expected) => expect(decisionTitle(title)).toBe(expected))
})
