import type { DiscussionSummary } from '@shared/contract/index.js'

/** The status filter's value that keeps every discussion. */
export const ALL = 'all'

/** The discussions with this status (any case) whose title contains `search`. */
export function filterDiscussions(
  list: readonly DiscussionSummary[],
  status: string,
  search: string,
): DiscussionSummary[] {
  const wanted = search.trim().toLowerCase()
  return list.filter(
    (item) =>
      (status === ALL || (item.status ?? '').toUpperCase() === status) &&
      (wanted === '' || item.title.toLowerCase().includes(wanted)),
  )
}
