import { describe, expect, it } from 'vitest'

import { completeMention, matchMentions, mentionAt } from './mention-query'
import type { MentionCandidate } from './mention-query'

const people: MentionCandidate[] = [
  { alias: 'architect', name: 'AI-Architect', role: 'Systems Architect', source: 'participant' },
  { alias: 'security', name: 'AI-Security', role: 'Security', source: 'participant' },
  { alias: 'rob', name: 'Rob', role: '', source: 'participant' },
  { alias: 'researcher', name: 'AI-Researcher', role: 'Research', source: 'persona' },
  { alias: 'security', name: 'AI-Security', role: 'Security', source: 'persona' },
]

describe('mentionAt', () => {
  it('finds the mention the caret ends, at the start, after a space or a bracket', () => {
    expect(mentionAt('@ar', 3)).toEqual({ start: 0, text: 'ar' })
    expect(mentionAt('ask @', 5)).toEqual({ start: 4, text: '' })
    expect(mentionAt('(@sec', 5)).toEqual({ start: 1, text: 'sec' })
    expect(mentionAt('ask @sec and more', 8)).toEqual({ start: 4, text: 'sec' })
  })

  it('is not a mention inside an e-mail address, after a space or past the caret', () => {
    expect(mentionAt('rob@example', 11)).toBeNull()
    expect(mentionAt('@rob ', 5)).toBeNull()
    expect(mentionAt('plain text', 10)).toBeNull()
  })
})

describe('matchMentions', () => {
  it('offers participants first, each alias once, all of them for a bare @', () => {
    expect(matchMentions(people, '').map((c) => c.alias)).toEqual([
      'architect',
      'security',
      'rob',
      'researcher',
    ])
  })

  it('filters by the start of the alias or name, then by what they hold', () => {
    expect(matchMentions(people, 'r').map((c) => c.alias)).toEqual([
      'rob',
      'researcher',
      'architect',
      'security',
    ])
    expect(matchMentions(people, 'AI-Sec').map((c) => c.alias)).toEqual(['security'])
    expect(matchMentions(people, 'zz')).toEqual([])
  })
})

describe('completeMention', () => {
  it('replaces what was typed with the alias and a space, keeping the rest', () => {
    const text = 'ask @se about it'
    const query = mentionAt(text, 7)
    if (!query) throw new Error('no mention')
    expect(completeMention(text, 7, query, 'security')).toEqual({
      text: 'ask @security about it',
      caret: 14,
    })
  })
})
