import { describe, expect, it } from 'vitest'

import { aliasOfAuthor, routeMentions } from './route.js'

const comment = (author: string, mentions: string[], line: number) => ({ author, mentions, line })

describe('routeMentions', () => {
  const participants = ['architect', 'security', 'pragmatist']

  it('routes to those mentioned since their last comment', () => {
    const result = routeMentions({
      participants,
      comments: [
        comment('Rob', ['architect', 'security'], 10),
        comment('AI-Architect', ['pragmatist'], 20),
      ],
    })
    expect(result.source).toBe('mentions')
    expect(result.next).toEqual(['security', 'pragmatist'])
    expect(result.reasons.security).toBe(
      'mentioned by Rob in the comment at line 10 and has not answered since',
    )
  })

  it('expands @all to the discussion participants and skips the author', () => {
    const result = routeMentions({ participants, comments: [comment('AI-Security', ['all'], 5)] })
    expect(result.next).toEqual(['architect', 'pragmatist'])
  })

  it('falls back to the participants when every mention was answered', () => {
    const result = routeMentions({
      participants,
      comments: [comment('Rob', ['architect'], 5), comment('AI-Architect', [], 9)],
    })
    expect(result).toMatchObject({ source: 'participants', next: participants, pending: [] })
  })

  it('lets the callout choose when it mentions anyone', () => {
    const result = routeMentions(
      { participants, comments: [comment('Rob', ['architect'], 5)] },
      { callout: 'Please review, @security and @designer' },
    )
    expect(result).toMatchObject({ source: 'callout', next: ['security', 'designer'] })
    expect(result.pending.map((p) => p.alias)).toEqual(['architect'])
  })
})

describe('aliasOfAuthor', () => {
  it.each([
    ['AI-Architect', 'architect'],
    ['ai_security', 'security'],
    ['Bot-Helper', 'helper'],
    ['Rob', 'rob'],
    ['Mary Ann', 'mary-ann'],
  ])('%s -> %s', (author, alias) => expect(aliasOfAuthor(author)).toBe(alias))
})
