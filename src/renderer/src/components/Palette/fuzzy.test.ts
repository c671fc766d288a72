import { describe, expect, it } from 'vitest'

import { rankByTitle } from './fuzzy'

const actions = [
  { title: 'Run a turn: choose who answers' },
  { title: 'Advance: move to the next phase' },
  { title: 'Next open question' },
  { title: 'Refresh: read the folder again' },
]

describe('rankByTitle', () => {
  it('keeps every action, in order, for an empty query', () => {
    expect(rankByTitle(actions, '  ').map((r) => r.item)).toEqual(actions)
  })

  it('finds a title from letters in order, and marks them', () => {
    const [best, ...rest] = rankByTitle(actions, 'rtu')
    expect(best?.item.title).toBe('Run a turn: choose who answers')
    expect(best?.matched.map((i) => actions[0]?.title[i]?.toLowerCase()).join('')).toBe('rtu')
    expect(rest.map((r) => r.item.title)).not.toContain('Next open question')
  })

  it('ranks a word start above letters scattered inside words', () => {
    expect(rankByTitle(actions, 'adv')[0]?.item.title).toMatch(/^Advance/)
    expect(rankByTitle(actions, 'quest')[0]?.item.title).toBe('Next open question')
  })

  it('finds nothing when the letters are not there', () => {
    expect(rankByTitle(actions, 'zzz')).toEqual([])
  })
})
