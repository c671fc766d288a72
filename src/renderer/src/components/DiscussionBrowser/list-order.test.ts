import { describe, expect, it } from 'vitest'

import type { DiscussionSummary } from '@shared/contract/index.js'
import { facetValues, filterByFacets, NO_FACETS, sortDiscussions, toggleSort } from './list-order'

const summary = (over: Partial<DiscussionSummary>): DiscussionSummary => ({
  path: '/f/x.md',
  title: 'x',
  template: 'feature',
  phase: 'initial_feedback',
  status: 'OPEN',
  participants: ['architect'],
  comments: 0,
  votes: { READY: 0, CHANGES: 0, REJECT: 0 },
  lastActivity: '2026-01-01T00:00:00Z',
  ...over,
})

const list = [
  summary({ path: '/a', title: 'Design 10', comments: 5, template: 'adr', participants: ['rob'] }),
  summary({ path: '/b', title: 'Design 9', comments: 50, phase: 'review' }),
  summary({ path: '/c', title: 'api', comments: 5, participants: ['Security', 'rob'] }),
]

describe('sortDiscussions', () => {
  it('sorts titles as a person reads numbers, either way, ties in the list order', () => {
    const titles = (order: Parameters<typeof sortDiscussions>[1]) =>
      sortDiscussions(list, order, () => 0).map((d) => d.title)
    expect(titles({ column: 'title', direction: 'ascending' })).toEqual([
      'api',
      'Design 9',
      'Design 10',
    ])
    expect(titles({ column: 'title', direction: 'descending' })).toEqual([
      'Design 10',
      'Design 9',
      'api',
    ])
    expect(titles({ column: 'comments', direction: 'ascending' })).toEqual([
      'Design 10',
      'api',
      'Design 9',
    ])
    expect(titles(null)).toEqual(['Design 10', 'Design 9', 'api'])
  })

  it('sorts by the unread count it is given', () => {
    const unread = (path: string) => ({ '/a': 1, '/b': 0, '/c': 7 })[path] ?? 0
    expect(
      sortDiscussions(list, { column: 'unread', direction: 'descending' }, unread).map(
        (d) => d.path,
      ),
    ).toEqual(['/c', '/a', '/b'])
  })

  it('a click sorts ascending, a second click descending', () => {
    expect(toggleSort(null, 'title')).toEqual({ column: 'title', direction: 'ascending' })
    expect(toggleSort({ column: 'title', direction: 'ascending' }, 'title').direction).toBe(
      'descending',
    )
    expect(toggleSort({ column: 'title', direction: 'descending' }, 'phase')).toEqual({
      column: 'phase',
      direction: 'ascending',
    })
  })
})

describe('facets', () => {
  it('keeps the discussions of a template, phase and participant (any case)', () => {
    expect(filterByFacets(list, NO_FACETS)).toHaveLength(3)
    expect(filterByFacets(list, { ...NO_FACETS, template: 'adr' }).map((d) => d.path)).toEqual([
      '/a',
    ])
    expect(filterByFacets(list, { ...NO_FACETS, phase: 'review' }).map((d) => d.path)).toEqual([
      '/b',
    ])
    expect(
      filterByFacets(list, { ...NO_FACETS, participant: 'security' }).map((d) => d.path),
    ).toEqual(['/c'])
    expect(
      filterByFacets(list, { template: 'feature', phase: null, participant: 'rob' }).map(
        (d) => d.path,
      ),
    ).toEqual(['/c'])
  })

  it('offers each value once, sorted', () => {
    expect(facetValues(list)).toEqual({
      templates: ['adr', 'feature'],
      phases: ['initial_feedback', 'review'],
      participants: ['architect', 'rob', 'Security'],
    })
  })
})
