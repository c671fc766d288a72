// The browse list as data: the filter, each row fitted to the width, the NEW column.
import { describe, expect, it } from 'vitest'

import type { DiscussionListing } from '../../node/engine/index.js'
import { browseHeader, browseLine, filterListings, relativeTime } from './browse.js'

const listing = (title: string, extra: Partial<DiscussionListing> = {}): DiscussionListing => ({
  path: `/d/${title.toLowerCase().replace(/\W+/g, '-')}.md`,
  title,
  template: 'feature',
  phase: 'initial_feedback',
  status: 'OPEN',
  participants: ['architect'],
  comments: 1,
  votes: { READY: 2, CHANGES: 1, REJECT: 0 },
  last_activity: '2026-11-23T10:00:00.000Z',
  ...extra,
})

describe('the browse list', () => {
  const listings = [
    listing('Add User Authentication'),
    listing('Notification System', { status: 'DECIDED', phase: 'converge' }),
  ]

  it('keeps the discussions every typed word matches, in any case', () => {
    expect(filterListings(listings, 'AUTH').map((l) => l.title)).toEqual([
      'Add User Authentication',
    ])
    expect(filterListings(listings, 'decided conv').map((l) => l.title)).toEqual([
      'Notification System',
    ])
    expect(filterListings(listings, '  ')).toHaveLength(2)
    expect(filterListings(listings, 'auth nothing')).toEqual([])
  })

  it('fits each row to the width, dropping columns before the title', () => {
    const now = new Date('2026-11-23T13:00:00.000Z')
    const wide = browseLine(listings[0]!, 120, now)
    expect(wide).toHaveLength(120)
    expect(wide).toContain('initial_feedback')
    expect(wide).toContain('3h ago')
    expect(wide).toContain('2✓ 1~ 0✗')
    const narrow = browseLine(listings[0]!, 40, now)
    expect(Array.from(narrow)).toHaveLength(40)
    expect(narrow).toContain('Add User')
    expect(narrow).not.toContain('ago')
  })

  it('says how long ago in words', () => {
    const now = new Date('2026-11-23T13:00:00.000Z')
    expect(relativeTime('2026-11-23T12:59:30.000Z', now)).toBe('just now')
    expect(relativeTime('2026-11-23T12:30:00.000Z', now)).toBe('30m ago')
    expect(relativeTime('2026-11-20T13:00:00.000Z', now)).toBe('3d ago')
    expect(relativeTime('not a date', now)).toBe('-')
  })

  it('says from 100 columns how many comments are new since the person last read it', () => {
    const now = new Date('2026-11-23T13:00:00.000Z')
    const row = listing('Add User Authentication', { comments: 9 })
    expect(browseHeader(120)).toMatch(/ACTIVITY {2}NEW {5}$/)
    expect(browseLine(row, 120, now, row.title, null)).toMatch(/3h ago {4}9 new {3}$/)
    expect(browseLine(row, 120, now, row.title, 7)).toMatch(/2 new {3}$/)
    expect(browseLine(row, 120, now, row.title, 9)).not.toContain('new')
    // Narrower, the title keeps the room.
    expect(browseLine(row, 80, now, row.title, null)).not.toContain('new')
    expect(browseHeader(80)).not.toContain('NEW')
  })
})
