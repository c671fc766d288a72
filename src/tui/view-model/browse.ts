/**
 * The browse screen as data: which discussions match what the person typed, and one line for each
 * (title, status, phase, votes, last activity) cut to the terminal's width.
 */
import type { DiscussionListing } from '../../node/engine/index.js'
import { fit } from './text.js'

/** Every word typed must appear in the title, status, phase, template or file name (any case). */
export function filterListings(
  listings: readonly DiscussionListing[],
  query: string,
): DiscussionListing[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...listings]
  return listings.filter((listing) => {
    const haystack = [
      listing.title,
      listing.status ?? '',
      listing.phase ?? '',
      listing.template ?? '',
      listing.path.split('/').pop() ?? '',
    ]
      .join(' ')
      .toLowerCase()
    return words.every((word) => haystack.includes(word))
  })
}

/** "just now", "5m ago", "3h ago", "2d ago", else the date. */
export function relativeTime(iso: string, now: Date): string {
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000)
  if (!Number.isFinite(seconds)) return '-'
  if (seconds < 60) return 'just now'
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}h ago`
  if (seconds < 86400 * 30) return `${Math.floor(seconds / 86400)}d ago`
  return iso.slice(0, 10)
}

/** Votes as READY/CHANGES/REJECT counts, e.g. "2✓ 1~ 0✗". */
export function voteSummary(votes: DiscussionListing['votes']): string {
  return `${votes.READY}✓ ${votes.CHANGES}~ ${votes.REJECT}✗`
}

/**
 * One row of the list. Wide terminals get every column; narrower ones drop the phase, then the
 * activity, then the votes, so the title always keeps the most room.
 */
export function browseLine(listing: DiscussionListing, width: number, now: Date): string {
  const status = fit(listing.status ?? '-', 9)
  const phase = fit(listing.phase ?? '-', 18)
  const votes = fit(voteSummary(listing.votes), 10)
  const activity = fit(relativeTime(listing.last_activity, now), 9)
  const columns =
    width >= 100
      ? [status, phase, votes, activity]
      : width >= 70
        ? [status, fit(listing.phase ?? '-', 12), votes, activity]
        : width >= 50
          ? [status, votes]
          : [status]
  const rest = columns.join(' ')
  const titleWidth = Math.max(8, width - rest.length - 1)
  return fit(`${fit(listing.title, titleWidth)} ${rest}`, width)
}

/** The header row matching browseLine's columns. */
export function browseHeader(width: number): string {
  const columns =
    width >= 100
      ? [fit('STATUS', 9), fit('PHASE', 18), fit('VOTES', 10), fit('ACTIVITY', 9)]
      : width >= 70
        ? [fit('STATUS', 9), fit('PHASE', 12), fit('VOTES', 10), fit('ACTIVITY', 9)]
        : width >= 50
          ? [fit('STATUS', 9), fit('VOTES', 10)]
          : [fit('STATUS', 9)]
  const rest = columns.join(' ')
  return fit(`${fit('TITLE', Math.max(8, width - rest.length - 1))} ${rest}`, width)
}
