import { describe, expect, it } from 'vitest'

import { shownBody } from './shown-body'

describe('shownBody', () => {
  it('drops the vote line the badge already shows', () => {
    expect(shownBody('The plan is sound.\n\nVOTE: READY', 'READY')).toBe('The plan is sound.')
    expect(shownBody('Looks good.\n**Vote:** changes.', 'CHANGES')).toBe('Looks good.')
  })

  it('keeps the reason written after the vote', () => {
    expect(shownBody('Text.\nVOTE: REJECT - breaks the API', 'REJECT')).toBe(
      'Text.\nbreaks the API',
    )
  })

  it('leaves fenced text, other markers and votes nobody counted as written', () => {
    const fenced = 'Example:\n```\nVOTE: READY\n```'
    expect(shownBody(fenced, 'READY')).toBe(fenced)
    expect(shownBody('Q: why?\nVOTE: READY', null)).toBe('Q: why?\nVOTE: READY')
    expect(shownBody('VOTE: maybe later', 'READY')).toBe('VOTE: maybe later')
  })
})
