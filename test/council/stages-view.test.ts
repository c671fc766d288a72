/**
 * What the council's screen reads from a file: each ranker's raw ballot with the names revealed,
 * the Borda aggregate with ties as ties, the members as their comments sign, and the time per
 * stage (a step as long as its slowest call; unknown, never 0, in a file without times).
 */
import { readFile, writeFile } from 'node:fs/promises'

import { describe, expect, it } from 'vitest'

import { aggregateBallots, readBallots } from '../../src/core/council/ballots.js'
import { describeCouncil } from '../../src/core/council/describe.js'
import { placeStandings, renderRanking } from '../../src/core/council/ranking.js'
import { readRecordedCalls } from '../../src/core/council/record.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { councilFile, defaultScript, runScripted } from './harness.js'

describe('placeStandings', () => {
  it('gives members with equal points and first places one place and says tie', () => {
    const standings = placeStandings([
      { id: 'skeptic', points: 3, firsts: 2 },
      { id: 'pragmatist', points: 1, firsts: 1 },
      { id: 'visionary', points: 1, firsts: 1 },
    ])
    expect(standings.map((s) => [s.member, s.place, s.tied])).toEqual([
      ['skeptic', 1, false],
      ['pragmatist', 2, true],
      ['visionary', 2, true],
    ])
  })

  it('lets first places part equal points, and a three-way tie shares first place', () => {
    expect(
      placeStandings([
        { id: 'a', points: 2, firsts: 2 },
        { id: 'b', points: 2, firsts: 1 },
      ]).map((s) => [s.place, s.tied]),
    ).toEqual([
      [1, false],
      [2, false],
    ])
    const all = placeStandings(['a', 'b', 'c'].map((id) => ({ id, points: 1, firsts: 1 })))
    expect(all.map((s) => [s.place, s.tied])).toEqual([
      [1, true],
      [1, true],
      [1, true],
    ])
    expect(placeStandings([])).toEqual([])
  })

  it('writes ties into the file as ties too', () => {
    const text = renderRanking(
      ['a', 'b'].map((id) => ({ id, points: 1, firsts: 1 })),
      (id) => id.toUpperCase(),
      2,
    )
    expect(text).toContain('1. A (tie): 1 point, first on 1 of 2 ballots')
    expect(text).toContain('1. B (tie): 1 point')
  })
})

describe('a ranked council as its screen reads it', () => {
  it('reveals each ballot, ties a three-way split and names members as they sign', async () => {
    const setup = await councilFile({ rounds: 2, rank: true })
    // Every ranker says A > B; the letters are dealt rotated, so each advisor is first once.
    await runScripted(setup, { script: defaultScript })
    const view = describeCouncil(parseDiscussion(await readFile(setup.file, 'utf8')), setup.file)
    expect(view.ballots).toEqual([
      {
        ranker: 'AI-Pragmatist',
        order: [
          { letter: 'A', member: 'AI-Visionary' },
          { letter: 'B', member: 'AI-Skeptic' },
        ],
      },
      {
        ranker: 'AI-Visionary',
        order: [
          { letter: 'A', member: 'AI-Skeptic' },
          { letter: 'B', member: 'AI-Pragmatist' },
        ],
      },
      {
        ranker: 'AI-Skeptic',
        order: [
          { letter: 'A', member: 'AI-Pragmatist' },
          { letter: 'B', member: 'AI-Visionary' },
        ],
      },
    ])
    expect(view.standings.map((s) => [s.member, s.points, s.place, s.tied])).toEqual([
      ['AI-Pragmatist', 1, 1, true],
      ['AI-Visionary', 1, 1, true],
      ['AI-Skeptic', 1, 1, true],
    ])
    expect(view.ranking).toContain('1. Skeptic (tie)')
    expect(view.calls.map((c) => c.member)).toContain('AI-Referee')
    expect(view.calls.every((c) => !/^ai-/.test(c.member))).toBe(true)
  })

  it('names members from the file before anyone answered', async () => {
    const setup = await councilFile({ mode: 'dp' })
    const { text } = await setup.store.read(setup.file)
    // A file created with the role personas' names lists them in role order.
    const named = text.replace(
      /<!-- Participants: .* -->/,
      '<!-- Participants: AI-D1, AI-D2, AI-P1, AI-P2, AI-Meta -->',
    )
    const view = describeCouncil(parseDiscussion(named), setup.file)
    expect(view.calls.map((c) => [c.role, c.member])).toEqual([
      ['D-Freethinker', 'AI-D1'],
      ['P-Freethinker', 'AI-P1'],
      ['D-Arbiter', 'AI-D2'],
      ['P-Arbiter', 'AI-P2'],
      ['Meta-Arbiter', 'AI-Meta'],
    ])
    expect(view.stages.every((stage) => stage.elapsedMs === null)).toBe(true)
    expect(view.ballots).toEqual([])
    expect(view.standings).toEqual([])
  })

  it('times a stage by its slowest call per step, and an older file without times as unknown', async () => {
    const setup = await councilFile({ rounds: 2, rank: true })
    await runScripted(setup)
    const source = await readFile(setup.file, 'utf8')
    const slow: Record<string, number> = {
      'council-r1-pragmatist': 1200,
      'council-r1-visionary': 3400,
      'council-r1-skeptic': 800,
      'council-referee': 5000,
    }
    // Set each call's recorded time: the record is the comment's first line.
    const timed = source.replace(
      /"label":"([^"]+)"(.*?)"durationMs":\d+/g,
      (_, label: string, rest: string) =>
        `"label":"${label}"${rest}"durationMs":${slow[label] ?? 100}`,
    )
    const view = describeCouncil(parseDiscussion(timed), setup.file)
    const elapsed = Object.fromEntries(view.stages.map((s) => [s.stage, s.elapsedMs]))
    expect(elapsed).toEqual({ 'round 1': 3400, 'round 2': 100, ranking: 100, synthesis: 5000 })
    expect(view.total.elapsedMs).toBe(8600)
    expect(view.calls.find((c) => c.label === 'council-r1-skeptic')?.durationMs).toBe(800)

    // An older file's records have no time: shown as unknown, not as 0 s.
    const older = source.replace(/,"durationMs":\d+/g, '')
    const old = describeCouncil(parseDiscussion(older), setup.file)
    expect(old.stages.map((s) => s.elapsedMs)).toEqual([null, null, null, null])
    expect(old.total.elapsedMs).toBeNull()
    expect(old.total.calls).toBe(10)
    expect(old.calls[0]?.durationMs).toBeNull()
  })

  it('a hostile record (bad time, odd mapping) reads as unknown, never as a crash', async () => {
    const setup = await councilFile({ rounds: 2, rank: true })
    await runScripted(setup)
    const source = await readFile(setup.file, 'utf8')
    const hostile = source
      .replace(/"durationMs":\d+/, '"durationMs":"soon"')
      .replace(
        /"mapping":\{[^}]*\}/,
        '"mapping":{"A":"<img src=x onerror=alert(1)>","B":"skeptic","Z":"nobody"}',
      )
    await writeFile(setup.file, hostile)
    const parsed = parseDiscussion(hostile)
    const ballots = readBallots(readRecordedCalls(parsed))
    const members = ballots.map((ballot) => ballot.order.map((entry) => entry.member))
    expect(members).toContainEqual(['<img src=x onerror=alert(1)>', 'skeptic', 'nobody'])
    // Unknown members earn nothing; the advisors' own counts stay whole numbers.
    expect(aggregateBallots(ballots).every((entry) => Number.isInteger(entry.points))).toBe(true)
    const view = describeCouncil(parsed, setup.file)
    expect(view.stages[0]?.elapsedMs).toBeNull()
    expect(view.ballots.flatMap((b) => b.order.map((entry) => entry.member))).toContain(
      '<img src=x onerror=alert(1)>',
    )
  })
})
