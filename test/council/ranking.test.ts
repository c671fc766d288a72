/**
 * --rank: each advisor ranks the others' final answers as Response A/B, never its own, with no
 * names in sight (answers that name their author are scrubbed); the aggregate (Borda) is written
 * to the file and handed to the referee.
 */
import { describe, expect, it } from 'vitest'

import {
  aggregateRanking,
  anonymize,
  parseRanking,
  scrubNames,
} from '../../src/core/council/ranking.js'
import type { Script } from './harness.js'
import { councilFile, defaultScript, runScripted } from './harness.js'

/** Each advisor's final answer carries a secret token (and its own name, to be scrubbed). */
const TOKENS: Record<string, string> = {
  pragmatist: 'ALPHA-TOKEN',
  visionary: 'BETA-TOKEN',
  skeptic: 'ZETA-TOKEN',
}

/** Rankers prefer ZETA, then ALPHA, then BETA, whatever letters they were dealt. */
const script: Script = (call, request) => {
  if (call.stage === 'final')
    return `As the ${call.role.title} (AI-${call.role.title}), my final view: ${TOKENS[call.role.id]}. @skeptic agrees.`
  if (call.stage !== 'ranking') return defaultScript(call, request)
  const letterOf = (token: string) =>
    new RegExp(`BEGIN Response ([A-Z]) -----\\n[^\\n]*${token}`).exec(request.prompt)?.[1]
  const order = ['ZETA-TOKEN', 'ALPHA-TOKEN', 'BETA-TOKEN'].map(letterOf).filter(Boolean)
  return `Both are fine.\n\nRANKING: ${order.join(' > ')}`
}

describe('anonymized peer ranking', () => {
  it('no ranker sees a name or its own answer; the aggregate reaches the referee', async () => {
    const setup = await councilFile({ rounds: 2, rank: true })
    const { calls, result } = await runScripted(setup, { script })
    expect(result.complete).toBe(true)

    const rankers = calls.filter((call) => call.label.startsWith('council-rank-'))
    expect(rankers.map((call) => call.label)).toEqual([
      'council-rank-pragmatist',
      'council-rank-visionary',
      'council-rank-skeptic',
    ])
    const dealt: string[] = []
    for (const call of rankers) {
      const own = call.label.replace('council-rank-', '')
      expect(call.prompt).not.toContain(TOKENS[own])
      for (const [role, token] of Object.entries(TOKENS))
        if (role !== own) expect(call.prompt).toContain(token)
      expect(call.prompt).not.toMatch(/pragmatist|visionary|skeptic|referee|AI-/i)
      expect(call.prompt).toMatch(/BEGIN Response A -----[\s\S]*BEGIN Response B -----/)
      expect(call.prompt).not.toContain('Response C')
      // The request names no persona either.
      expect(call.request.persona).toMatchObject({ alias: 'council-ranker', name: 'AI-Ranker' })
      dealt.push(/BEGIN Response A -----\n[^\n]*?([A-Z]+-TOKEN)/.exec(call.prompt)?.[1] ?? '')
    }
    // Each ranker's Response A is a different advisor: no position is always the same one.
    expect(new Set(dealt).size).toBe(3)

    // Skeptic first on two ballots (2 points), Pragmatist first on the Skeptic's (1), Visionary 0.
    expect(result.ranking).toContain('1. Skeptic: 2 points, first on 2 of 3 ballots')
    expect(result.ranking).toContain('2. Pragmatist: 1 point, first on 1 of 3 ballots')
    expect(result.ranking).toContain('3. Visionary: 0 points, first on 0 of 3 ballots')
    const referee = calls.find((call) => call.label === 'council-referee')?.prompt ?? ''
    expect(referee).toContain('1. Skeptic: 2 points')
    expect(referee).toContain('ALPHA-TOKEN')
    expect(result.stages.map((stage) => stage.stage)).toEqual([
      'round 1',
      'round 2',
      'ranking',
      'synthesis',
    ])
  })

  it('scrubs names and @mentions, parses rankings leniently and counts Borda points', () => {
    expect(
      scrubNames('As the Skeptic, @pragmatist and AI-Visionary miss it', [
        'skeptic',
        'pragmatist',
        'visionary',
      ]),
    ).toBe('As the another advisor, another advisor and another advisor miss it')
    expect(parseRanking('text\n**Ranking:** B > A', ['A', 'B'])).toEqual(['B', 'A'])
    expect(parseRanking('Response B is best, then Response A.', ['A', 'B'])).toEqual(['B', 'A'])
    expect(parseRanking('RANKING: C', ['A', 'B', 'C'])).toEqual(['C', 'A', 'B'])
    const { responses, mapping } = anonymize(
      'b',
      [
        { id: 'a', answer: 'one' },
        { id: 'b', answer: 'two' },
        { id: 'c', answer: 'three' },
      ],
      [],
    )
    expect(responses.map((r) => r.text)).toEqual(['three', 'one'])
    expect(Object.values(mapping).sort()).toEqual(['a', 'c'])
    expect(
      aggregateRanking(
        ['a', 'b', 'c'],
        [
          { order: ['A', 'B'], mapping: { A: 'c', B: 'a' } },
          { order: ['B', 'A'], mapping: { A: 'a', B: 'c' } },
        ],
      ),
    ).toEqual([
      { id: 'c', points: 2, firsts: 2 },
      { id: 'a', points: 0, firsts: 0 },
      { id: 'b', points: 0, firsts: 0 },
    ])
  })
})
