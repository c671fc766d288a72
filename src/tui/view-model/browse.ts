/**
 * The browse screen as data: which discussions match what the person typed, and one line for each
 * (title, status, phase, votes, last activity) cut to the terminal's width.
 */
import type { DiscussionListing } from '../../node/engine/index.js'
import { unreadCount } from '../../core/navigation/index.js'
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

const NEW_WIDTH = 8

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
 * The title each discussion is listed under: its own, and where two or more share it, the file's
 * name after it, so they can be told apart.
 */
export function listedTitles(listings: readonly DiscussionListing[]): Map<string, string> {
  const count = new Map<string, number>()
  for (const listing of listings) count.set(listing.title, (count.get(listing.title) ?? 0) + 1)
  return new Map(
    listings.map((listing) => [
      listing.path,
      (count.get(listing.title) ?? 0) > 1
        ? `${listing.title} (${listing.path.split('/').pop() ?? listing.path})`
        : listing.title,
    ]),
  )
}

/** One row of the list in three pieces: what comes before the votes, the votes, what follows. */
export interface BrowseCells {
  before: string
  /** The counts and their vote, as shown ("2✓"), each coloured by its vote; empty when dropped. */
  votes: { text: string; vote: 'READY' | 'CHANGES' | 'REJECT' | null }[]
  after: string
}

/**
 * One row of the list. Wide terminals get every column; narrower ones drop the phase, then the
 * activity, then the votes, so the title always keeps the most room.
 */
export function browseLine(
  listing: DiscussionListing,
  width: number,
  now: Date,
  title = listing.title,
  readBefore: number | null = null,
): string {
  const cells = browseCells(listing, width, now, title, readBefore)
  return cells.before + cells.votes.map((vote) => vote.text).join('') + cells.after
}

/**
 * `readBefore`: how many comments the person had read when they last read it (null: never, so
 * all are new); from 100 columns, the row says how many are new since, in a column of its own.
 */
export function browseCells(
  listing: DiscussionListing,
  width: number,
  now: Date,
  title = listing.title,
  readBefore: number | null = null,
): BrowseCells {
  const status = fit(listing.status ?? '-', 9)
  const phase = fit(listing.phase ?? '-', 18)
  const votes = fit(voteSummary(listing.votes), 10)
  const activity = fit(relativeTime(listing.last_activity, now), 9)
  const fresh = unreadCount(listing.comments, readBefore)
  const columns =
    width >= 100
      ? [status, phase, votes, activity, fit(fresh > 0 ? `${fresh} new` : '', NEW_WIDTH)]
      : width >= 70
        ? [status, fit(listing.phase ?? '-', 12), votes, activity]
        : width >= 50
          ? [status, votes]
          : [status]
  const rest = columns.join(' ')
  const titleWidth = Math.max(8, width - rest.length - 1)
  const line = fit(`${fit(title, titleWidth)} ${rest}`, width)
  const at = width >= 50 ? line.indexOf(votes, titleWidth + 1) : -1
  if (at === -1) return { before: line, votes: [], after: '' }
  if (voteSummary(listing.votes).length > votes.length)
    return {
      before: line.slice(0, at),
      votes: [{ text: votes, vote: null }],
      after: line.slice(at + votes.length),
    }
  const { READY, CHANGES, REJECT } = listing.votes
  const pieces = [
    { text: `${READY}✓`, vote: READY > 0 ? ('READY' as const) : null },
    { text: ' ', vote: null },
    { text: `${CHANGES}~`, vote: CHANGES > 0 ? ('CHANGES' as const) : null },
    { text: ' ', vote: null },
    { text: `${REJECT}✗`, vote: REJECT > 0 ? ('REJECT' as const) : null },
    { text: votes.slice(voteSummary(listing.votes).length), vote: null },
  ]
  return { before: line.slice(0, at), votes: pieces, after: line.slice(at + votes.length) }
}

/** The header row matching browseLine's columns. */
export function browseHeader(width: number): string {
  const columns =
    width >= 100
      ? [
          fit('STATUS', 9),
          fit('PHASE', 18),
          fit('VOTES', 10),
          fit('ACTIVITY', 9),
          fit('NEW', NEW_WIDTH),
        ]
      : width >= 70
        ? [fit('STATUS', 9), fit('PHASE', 12), fit('VOTES', 10), fit('ACTIVITY', 9)]
        : width >= 50
          ? [fit('STATUS', 9), fit('VOTES', 10)]
          : [fit('STATUS', 9)]
  const rest = columns.join(' ')
  return fit(`${fit('TITLE', Math.max(8, width - rest.length - 1))} ${rest}`, width)
}
