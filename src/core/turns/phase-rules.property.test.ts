// `all_mentioned_responded` moves a phase only when the phase's own participants are done: the turn
// asked one of them and each has answered in this phase; a turn that asked none of them (a
// background persona alone) never moves it.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { describeDiscussion } from '../discussion/describe.js'
import { parseDiscussion } from '../format/parse.js'
import type { Template } from '../templates/schema.js'
import { phaseOutcome, phaseParticipantsDone } from './phase-rules.js'

const OWN = ['architect', 'security', 'pragmatist']
const OTHERS = ['visualizer', 'moderator', 'designer']

const template = {
  name: 'adr',
  title: 'ADR',
  participants: OWN,
  phases: [
    {
      id: 'proposal',
      title: 'Proposal',
      goal: 'Frame it',
      instructions: '',
      voting: false,
      participants: OWN,
      auto_trigger: 'all_mentioned_responded',
      next_phase: 'options_review',
      on_consensus: null,
      on_block: null,
    },
  ],
} as unknown as Template

const HEAD =
  '<!-- DISCUSSION -->\n<!-- Title: T -->\n<!-- Phase: proposal -->\n<!-- Template: adr -->\n<!-- Participants: architect, security, pragmatist -->\n\n---\n\n'
const comment = (alias: string): string =>
  `Name: AI-${alias[0]?.toUpperCase()}${alias.slice(1)}\nNoted.\n\n---\n\n`
/** The discussion with comments already written in this phase by `earlier`. */
const viewWith = (earlier: readonly string[]) =>
  describeDiscussion(parseDiscussion(HEAD + earlier.map(comment).join('')))
const view = viewWith([])

const turn = fc
  .tuple(fc.subarray(OWN), fc.subarray(OTHERS, { minLength: 1 }))
  .chain(([own, others]) =>
    fc.tuple(fc.subarray(own), fc.subarray(others)).map(([ownAnswered, othersAnswered]) => ({
      own,
      asked: [...others, ...own],
      answered: [...ownAnswered, ...othersAnswered],
      ownAnswered,
    })),
  )

describe('all_mentioned_responded', () => {
  it("moves exactly when the turn asked one of the phase's participants and all have answered", () => {
    fc.assert(
      fc.property(turn, fc.subarray(OWN), ({ own, asked, answered, ownAnswered }, earlier) => {
        const before = viewWith(earlier)
        const done =
          own.length > 0 && OWN.every((a) => earlier.includes(a) || ownAnswered.includes(a))
        const outcome = phaseOutcome(before, template, {}, { asked, answered })
        expect(outcome.advanceTo).toBe(done ? 'options_review' : null)
        expect(phaseParticipantsDone(OWN, before, { asked, answered })).toBe(done)
      }),
    )
  })

  it('one participant alone does not move it; the last one to answer does', () => {
    const one = { asked: ['architect'], answered: ['architect'] }
    expect(phaseOutcome(view, template, {}, one).advanceTo).toBeNull()
    const rest = viewWith(['security', 'pragmatist'])
    expect(phaseOutcome(rest, template, {}, one).advanceTo).toBe('options_review')
  })

  it('never moves for a background persona alone', () => {
    fc.assert(
      fc.property(fc.subarray(OTHERS, { minLength: 1 }), fc.subarray(OWN), (asked, earlier) => {
        const before = viewWith(earlier)
        expect(phaseOutcome(before, template, {}, { asked, answered: asked }).advanceTo).toBeNull()
      }),
    )
  })
})
