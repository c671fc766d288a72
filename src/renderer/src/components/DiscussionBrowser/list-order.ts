/**
 * The list's order and facets: sort by a column either way, and keep the discussions of one
 * template, phase or participant. Pure, so the table's behaviour is tested without a page.
 */
import type { DiscussionSummary } from '@shared/contract/index.js'

export const SORT_COLUMNS = [
  'title',
  'phase',
  'status',
  'votes',
  'comments',
  'unread',
  'lastActivity',
] as const
export type SortColumn = (typeof SORT_COLUMNS)[number]

export interface SortOrder {
  column: SortColumn
  direction: 'ascending' | 'descending'
}

/** The next order after a click on `column`: ascending first, then descending, then ascending. */
export function toggleSort(current: SortOrder | null, column: SortColumn): SortOrder {
  if (current?.column === column && current.direction === 'ascending')
    return { column, direction: 'descending' }
  return { column, direction: 'ascending' }
}

const text = (value: string | null): string => value ?? ''

/** `list` in `order`; ties keep the list's own order (the sort is stable). */
export function sortDiscussions(
  list: readonly DiscussionSummary[],
  order: SortOrder | null,
  unread: (path: string) => number,
): DiscussionSummary[] {
  if (!order) return [...list]
  const key = (d: DiscussionSummary): string | number => {
    switch (order.column) {
      case 'title':
        return d.title
      case 'phase':
        return text(d.phase)
      case 'status':
        return text(d.status)
      case 'votes':
        return d.votes.READY - d.votes.REJECT
      case 'comments':
        return d.comments
      case 'unread':
        return unread(d.path)
      case 'lastActivity':
        return Date.parse(d.lastActivity) || 0
    }
  }
  const sign = order.direction === 'ascending' ? 1 : -1
  return [...list].sort((a, b) => {
    const x = key(a)
    const y = key(b)
    const compared =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y), undefined, { numeric: true, sensitivity: 'base' })
    return sign * compared
  })
}

export interface Facets {
  template: string | null
  phase: string | null
  participant: string | null
}

export const NO_FACETS: Facets = { template: null, phase: null, participant: null }

/** The discussions of the chosen template, phase and participant (null: any). */
export function filterByFacets(
  list: readonly DiscussionSummary[],
  facets: Facets,
): DiscussionSummary[] {
  const participant = facets.participant?.toLowerCase() ?? null
  return list.filter(
    (d) =>
      (facets.template === null || d.template === facets.template) &&
      (facets.phase === null || d.phase === facets.phase) &&
      (participant === null || d.participants.some((p) => p.toLowerCase() === participant)),
  )
}

/** The values each facet can take in `list`, sorted, each once. */
export function facetValues(list: readonly DiscussionSummary[]): {
  templates: string[]
  phases: string[]
  participants: string[]
} {
  const sorted = (values: Iterable<string>): string[] =>
    [...new Set(values)].sort((a, b) => a.localeCompare(b))
  return {
    templates: sorted(list.flatMap((d) => (d.template ? [d.template] : []))),
    phases: sorted(list.flatMap((d) => (d.phase ? [d.phase] : []))),
    participants: sorted(list.flatMap((d) => d.participants)),
  }
}
