/**
 * The attacker's tests through the real bin: a hostile provider (`hostile-provider.ts`) answers
 * every call of a turn, a debate, a council and a summary with the next attack of its catalogue:
 * a vote, a debate RESULT or BALLOT, a council record, a phase marker or a human's block behind a
 * line break of some kind, escape sequences, NUL, bytes that are not UTF-8 and a bidi override.
 * Each test counts the attacks made and the ones that got anything in (forged markers, control
 * characters in the file): the second number must be 0. Turns run twice (cold, then warm).
 */
import { readFile } from 'node:fs/promises'

import { expect, it } from 'vitest'

import { readRecordedCalls } from '../../src/core/council/record.js'
import { readDebate } from '../../src/core/debate/read-state.js'
import { headerValue } from '../../src/core/format/headers.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { CARRIER_COUNT, backgroundPersonas, hostileWorkspace } from '../support/hostile-provider.js'
import { coldThenWarm } from '../support/run-cli.js'

/** Anything a terminal or a parser could take for more than text. */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const NOT_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\r\u2028\u2029\u202a-\u202e\u2066-\u2069]/

function controlsIn(text: string): number {
  return [...text].filter((char) => NOT_TEXT.test(char)).length
}

const createdPath = (stdout: string): string => /^Created: (.*)$/m.exec(stdout)?.[1] ?? ''

coldThenWarm('hostile answers through the real bin (0 successes)', () => {
  it('a turn: background personas that never vote smuggle votes and a human block (cold, then warm)', async () => {
    const personas = backgroundPersonas(2 * CARRIER_COUNT)
    const space = await hostileWorkspace({ personas })
    const aliases = Object.keys(personas)
    const created = await space.run('new', 'Hostile turn', '--participants', aliases.join(','))
    expect(created).toMatchObject({ code: 0, stderr: '' })
    const file = createdPath(created.stdout)

    let answers = 0
    for (const run of ['cold', 'warm']) {
      const turn = await space.run('turn', file, '@all')
      expect(turn.code, `${run}: ${turn.stderr}`).toBe(0)
      answers += aliases.length
    }
    const text = await readFile(file, 'utf8')
    const parsed = parseDiscussion(text)
    const attacks = (await space.attacks()).filter(([, kind]) => kind === 'turn')
    expect(attacks).toHaveLength(answers)

    const forged = {
      blocks: parsed.comments.length - answers,
      notTheirs: parsed.comments.filter((c) => !/^AI-Bg\d+$/.test(c.author)).length,
      votes: parsed.comments.filter((c) => c.vote !== null).length,
      phaseMarkersInAnswers: parsed.phaseMarkers.filter(
        (m) => m.kind === 'vote-reset' && m.phase === 'final',
      ).length,
      status: headerValue(parsed, 'Status') === 'ACCEPTED' ? 1 : 0,
      controls: controlsIn(text),
    }
    expect(forged).toEqual({
      blocks: 0,
      notTheirs: 0,
      votes: 0,
      phaseMarkersInAnswers: 0,
      status: 0,
      controls: 0,
    })
    // The bytes that were not text are gone, and each answer says so.
    expect(parsed.comments.every((c) => /were removed from this answer/.test(c.body))).toBe(true)
    const status = await space.run('status', file)
    expect(status.stdout).not.toMatch(/REJECT [1-9]/)
    expect(status.stdout).toContain('(no votes yet)')
  }, 240_000)

  it('a debate: proposals, critiques, defences and ballots smuggle a decision, ballots and records', async () => {
    const space = await hostileWorkspace()
    const created = await space.run(
      'debate',
      'new',
      'Where should sessions live?',
      '--participants',
      'architect,security,pragmatist',
      '--dir',
      'debates',
    )
    expect(created).toMatchObject({ code: 0, stderr: '' })
    const file = createdPath(created.stdout)
    const ran = await space.run('debate', 'run', file)
    expect(ran.code, ran.stderr).toBe(0)

    const text = await readFile(file, 'utf8')
    const state = readDebate(parseDiscussion(text))
    const attacks = (await space.attacks()).filter(([, kind]) => kind.startsWith('debate-'))
    expect(attacks.length).toBeGreaterThanOrEqual(24)

    const rounds = state.rounds
    const forged = {
      decision: state.outcome?.kind === 'accepted' || state.outcome?.kind === 'rejected' ? 1 : 0,
      proposals: state.proposals.filter((p) => !/^P[123]$/.test(p.id)).length,
      ballotsApproving: rounds.flatMap((r) => r.ballots).filter((b) => b.approves.length > 0)
        .length,
      extraBallots: rounds.filter((r) => r.ballots.length > 3).length,
      critiques: rounds
        .flatMap((r) => r.critiques)
        .filter((c) => c.severity !== 'minor' || !c.id.endsWith('.1')).length,
      // Every section a participant wrote starts where its answer did; a forged one would not.
      sections: [
        ...state.proposals.flatMap((p) => [p.text, ...p.revisions.map((r) => r.text)]),
        ...rounds.flatMap((r) => [
          ...r.critiques.map((c) => c.text),
          ...r.defenses.map((d) => d.text),
          ...r.ballots.map((b) => b.justification),
        ]),
      ].filter((section) => !section.startsWith('<U+202E>Fine.')).length,
      rounds: rounds.length > 3 ? 1 : 0,
      controls: controlsIn(text),
    }
    expect(forged).toEqual({
      decision: 0,
      proposals: 0,
      ballotsApproving: 0,
      extraBallots: 0,
      critiques: 0,
      sections: 0,
      rounds: 0,
      controls: 0,
    })
    expect(state.outcome).toMatchObject({ kind: 'escalated', rounds: 3 })
    const status = await space.run('debate', 'status', file, '--json')
    expect(JSON.parse(status.stdout)).toMatchObject({ outcome: { kind: 'escalated' } })
  }, 240_000)

  it('a council: answers smuggle a record, votes and phase markers', async () => {
    const space = await hostileWorkspace()
    const ran = await space.run(
      'council',
      'Should we cache the feed?',
      '--rounds',
      '2',
      '--rank',
      '--out',
      'council.md',
    )
    expect(ran.code, ran.stderr).toBe(0)
    const text = await readFile(`${space.root}/council.md`, 'utf8')
    const parsed = parseDiscussion(text)
    const recorded = readRecordedCalls(parsed)
    const attacks = (await space.attacks()).filter(([, kind]) => kind === 'council')
    expect(attacks.length).toBeGreaterThanOrEqual(8)

    const forged = {
      records: [...recorded.values()].filter((call) => call.provider === 'forged').length,
      votes: parsed.comments.filter((c) => c.vote !== null).length,
      // The council's own phase changes: one per stage it entered, none from an answer.
      phaseMarkers: parsed.phaseMarkers.filter((m) => m.kind === 'transition' && m.to === 'final')
        .length,
      status: headerValue(parsed, 'Status') === 'ACCEPTED' ? 1 : 0,
      controls: controlsIn(text),
    }
    expect(forged).toEqual({ records: 0, votes: 0, phaseMarkers: 0, status: 0, controls: 0 })
    expect(headerValue(parsed, 'Status')).toBe('COMPLETE')
  }, 240_000)

  it('a summary: the answer smuggles escape sequences and lines into the .sum.md', async () => {
    const space = await hostileWorkspace()
    const created = await space.run('new', 'Summarised', '--participants', 'architect')
    const file = createdPath(created.stdout)
    const before = await readFile(file, 'utf8')
    let attempts = 0
    for (const run of ['cold', 'warm']) {
      const summary = await space.run('summarize', file)
      expect(summary.code, `${run}: ${summary.stderr}`).toBe(0)
      attempts++
    }
    const sum = await readFile(file.replace(/\.md$/, '.sum.md'), 'utf8')
    expect((await space.attacks()).filter(([, kind]) => kind === 'summary')).toHaveLength(attempts)
    expect({
      controls: controlsIn(sum),
      changed: (await readFile(file, 'utf8')) !== before,
    }).toEqual({
      controls: 0,
      changed: false,
    })
    expect(sum).toContain('<U+202E>Fine.')
  }, 120_000)
})
