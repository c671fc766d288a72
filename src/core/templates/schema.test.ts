import { describe, expect, it } from 'vitest'

import { validateWith } from '../config/issues.js'
import { findPhase, initialPhase, nextPhase } from './phases.js'
import { templateSchema } from './schema.js'
import type { Template } from './schema.js'

/** Seed 002's map form. */
const mapForm = {
  name: 'feature',
  title: 'Feature Discussion',
  phases: {
    initial_feedback: {
      title: 'Initial Feedback',
      goal: 'Gather diverse perspectives',
      instructions: '- Focus on feasibility and risks\n',
      voting: false,
      auto_trigger: 'all_mentioned_responded',
      next_phase: 'detailed_review',
    },
    detailed_review: { title: 'Detailed Review', next_phase: 'consensus_vote' },
    consensus_vote: {
      title: 'Consensus Vote',
      voting: true,
      next_phase: null,
      on_consensus: 'READY_FOR_IMPLEMENTATION',
      on_block: 'BLOCKED',
    },
  },
}

/** Seed 001's list form of the same phases. */
const listForm = {
  name: 'feature',
  title: 'Feature Discussion',
  phases: [
    {
      id: 'initial_feedback',
      title: 'Initial Feedback',
      goal: 'Gather diverse perspectives',
      instructions: '- Focus on feasibility and risks\n',
      voting_mode: false,
      auto_trigger: 'all_mentioned_responded',
      next: 'detailed_review',
    },
    { id: 'detailed_review', title: 'Detailed Review', auto_trigger: null, next: 'consensus_vote' },
    {
      id: 'consensus_vote',
      title: 'Consensus Vote',
      voting_mode: true,
      next: null,
      on_consensus: 'READY_FOR_IMPLEMENTATION',
      on_block: 'BLOCKED',
    },
  ],
}

const messages = (value: unknown): string[] => {
  const result = validateWith(templateSchema, value)
  return result.success ? [] : result.issues.map((issue) => issue.message)
}

describe('templateSchema', () => {
  it('reads the map form into ordered phases with ids', () => {
    const template = templateSchema.parse(mapForm)
    expect(template).toEqual({
      name: 'feature',
      title: 'Feature Discussion',
      description: null,
      aliases: [],
      status: 'OPEN',
      participants: [],
      skeleton: null,
      phases: [
        {
          id: 'initial_feedback',
          title: 'Initial Feedback',
          goal: 'Gather diverse perspectives',
          instructions: '- Focus on feasibility and risks\n',
          voting: false,
          participants: [],
          auto_trigger: 'all_mentioned_responded',
          next_phase: 'detailed_review',
          on_consensus: null,
          on_block: null,
        },
        expect.objectContaining({ id: 'detailed_review', voting: false, auto_trigger: null }),
        expect.objectContaining({
          id: 'consensus_vote',
          voting: true,
          next_phase: null,
          on_consensus: 'READY_FOR_IMPLEMENTATION',
          on_block: 'BLOCKED',
        }),
      ],
    })
  })

  it('reads the list form (voting_mode, next) into the same template', () => {
    expect(templateSchema.parse(listForm)).toEqual(templateSchema.parse(mapForm))
  })

  it('leads a phase without next_phase to the one after it, and titles it from its id', () => {
    const template = templateSchema.parse({ name: 't', phases: { draft_review: {}, final: {} } })
    expect(template.phases.map((phase) => [phase.id, phase.title, phase.next_phase])).toEqual([
      ['draft_review', 'Draft review', 'final'],
      ['final', 'Final', null],
    ])
  })

  it('names a next_phase that does not exist, and the phases that do', () => {
    const bad = structuredClone(mapForm)
    bad.phases.detailed_review.next_phase = 'consensus'
    expect(messages(bad)).toEqual([
      'phases.detailed_review.next_phase: unknown phase "consensus" (phases: initial_feedback, detailed_review, consensus_vote)',
    ])
    const badList = structuredClone(listForm)
    badList.phases[0] = { ...listForm.phases[0], next: 'review' } as (typeof badList.phases)[0]
    expect(messages(badList)).toEqual([
      'phases[0].next: unknown phase "review" (phases: initial_feedback, detailed_review, consensus_vote)',
    ])
  })

  it('needs at least one phase, each id once', () => {
    expect(messages({ name: 't', phases: {} })).toEqual(['phases: must define at least one phase'])
    expect(messages({ name: 't', phases: [] })).toEqual(['phases: must define at least one phase'])
    expect(messages({ name: 't', phases: [{ id: 'a' }, { id: 'a' }] })).toEqual([
      'phases[1].id: phase id "a" is used twice',
    ])
    expect(messages({ name: 't' })).toEqual(['missing required field "phases"'])
  })

  it('points into the phase that is wrong', () => {
    expect(messages({ name: 't', phases: { review: { goall: 'x' } } })).toEqual([
      'phases.review: unknown key "goall" (did you mean "goal"?)',
    ])
    expect(messages({ name: 't', phases: { review: { voting: 'yes' } } })).toEqual([
      'phases.review.voting: must be true or false (got "yes")',
    ])
    expect(messages({ name: 't', phases: [{ title: 'Review' }] })).toEqual([
      'phases[0]: missing required field "id"',
    ])
    expect(messages({ name: 't', phases: { review: { auto_trigger: 'always' } } })).toEqual([
      'phases.review.auto_trigger: must be "all_mentioned_responded" or "consensus" (got "always")',
    ])
    expect(messages({ name: 't', phases: { 'first review': {} } })).toEqual([
      'phases: key "first review" must be letters, digits, "_", "-" or "." (no spaces)',
    ])
    expect(messages({ name: 't', phases: 'review' })).toEqual([
      'phases: must be a mapping of phase id to phase (`review: {title: ...}`) or a list of phases each with an id (got "review")',
    ])
    expect(messages({ name: 't', phases: { a: { next: 'b', next_phase: 'b' }, b: {} } })).toEqual([
      'phases.a.next: give "next_phase" or "next", not both',
    ])
  })
})

describe('phase helpers', () => {
  const template: Template = templateSchema.parse(mapForm)

  it('starts in the first phase', () => {
    expect(initialPhase(template).id).toBe('initial_feedback')
  })

  it('finds a phase by id, in any case', () => {
    expect(findPhase(template, 'detailed_review')?.title).toBe('Detailed Review')
    expect(findPhase(template, 'Detailed_Review')?.id).toBe('detailed_review')
    expect(findPhase(template, 'nope')).toBeUndefined()
  })

  it('follows next_phase, and ends at the last phase', () => {
    expect(nextPhase(template, 'initial_feedback')?.id).toBe('detailed_review')
    expect(nextPhase(template, 'consensus_vote')).toBeNull()
    expect(nextPhase(template, 'nope')).toBeNull()
  })
})
