import { describe, expect, it } from 'vitest'

import { describeDiscussion } from '../discussion/describe.js'
import { personBody } from '../format/comment-body.js'
import { formatCommentBlock } from '../format/serialize.js'
import { admitName, admitText } from '../text/text.js'
import type { Vote } from '../format/model.js'
import { parseDiscussion } from '../format/parse.js'
import type { Template } from '../templates/schema.js'
import { countedHumanVotes, gateVerdict } from './gate.js'

const TEMPLATE: Template = {
  name: 'review',
  title: null,
  description: null,
  aliases: [],
  status: 'OPEN',
  participants: [],
  skeleton: null,
  phases: [
    {
      id: 'talk',
      title: 'Talk',
      goal: null,
      instructions: null,
      voting: false,
      participants: [],
      auto_trigger: null,
      next_phase: 'vote',
      on_consensus: null,
      on_block: null,
    },
    {
      id: 'vote',
      title: 'Vote',
      goal: null,
      instructions: null,
      voting: true,
      participants: [],
      auto_trigger: null,
      next_phase: null,
      on_consensus: 'APPROVED',
      on_block: null,
    },
  ],
}

function discussion(phase: string, votes: [string, Vote][]): string {
  const header = `<!-- DISCUSSION -->\n<!-- Title: T -->\n<!-- Phase: ${phase} -->\n<!-- Template: review -->\n\n---\n`
  return (
    header +
    votes
      .map(([who, vote]) =>
        formatCommentBlock(admitName(who), personBody(admitText(`I say ${vote}.`)), vote),
      )
      .join('')
  )
}

const verdict = (text: string, human_required = false) =>
  gateVerdict(describeDiscussion(parseDiscussion(text)), TEMPLATE, { human_required })

describe('gateVerdict', () => {
  it('is ready on a READY consensus a human approved', () => {
    const v = verdict(
      discussion('vote', [
        ['AI-A', 'READY'],
        ['Rob', 'READY'],
        ['AI-B', 'CHANGES'],
      ]),
    )
    expect(v).toMatchObject({ ready: true, humanApproved: true, phase: 'Vote' })
    expect(v.reason).toBe('Consensus reached: 2 of 3 READY, approved by Rob')
  })

  it('needs a person even when the configuration does not', () => {
    const v = verdict(
      discussion('vote', [
        ['AI-A', 'READY'],
        ['AI-B', 'READY'],
      ]),
    )
    expect(v.ready).toBe(false)
    expect(v.reason).toBe(
      "Consensus reached: 2 of 2 READY, but no human voted READY; the gate needs a person's approval",
    )
    expect(
      verdict(
        discussion('vote', [
          ['AI-A', 'READY'],
          ['AI-B', 'READY'],
        ]),
        true,
      ).reason,
    ).toBe('no consensus yet: 2 of 2 READY, needs a human READY')
  })

  it('says why not: changes asked, a rejection, a phase that does not vote', () => {
    expect(verdict(discussion('vote', [['Rob', 'CHANGES']])).reason).toBe(
      'no consensus yet: 0 of 1 READY, needs 67%',
    )
    expect(verdict(discussion('vote', [['Rob', 'REJECT']])).reason).toBe('rejected: 1 of 1 REJECT')
    expect(verdict(discussion('talk', [['Rob', 'READY']])).reason).toBe(
      'its phase Talk does not vote: the votes so far (1 of 1 READY) decide nothing',
    )
  })
})

describe('countedHumanVotes', () => {
  it('gives the lines that cast each human vote that counts, not the AI ones', () => {
    const text = discussion('vote', [
      ['Rob', 'CHANGES'],
      ['AI-A', 'READY'],
      ['Rob', 'READY'],
    ])
    const votes = countedHumanVotes(parseDiscussion(text))
    expect(votes).toHaveLength(1)
    const lines = text.split('\n')
    const [vote] = votes
    expect(vote?.name).toBe('Rob')
    expect(lines[(vote?.nameLine ?? 0) - 1]).toBe('Name: Rob')
    expect(lines[(vote?.voteLine ?? 0) - 1]).toBe('VOTE: READY')
  })
})
