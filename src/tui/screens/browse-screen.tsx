import { Box } from 'ink'
import { useCallback, useEffect, useRef, useState } from 'react'

import type { SearchResults } from '../../core/search/search.js'
import type { DiscussionListing } from '../../node/engine/index.js'
import { useKeys } from '../keys.js'
import type { TuiSession } from '../session.js'
import { tint, VOTE_COLORS } from '../theme.js'
import { useFileFollow } from '../use-file-follow.js'
import { browseCells, browseHeader, filterListings, listedTitles } from '../view-model/browse.js'
import { fit } from '../view-model/text.js'
import { Text } from '../safe-text.js'

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`

/** The folder's discussions, newest activity first; typing filters, Enter opens. */
export function BrowseScreen(props: {
  session: TuiSession
  columns: number
  rows: number
  colors: boolean
  /** `at`: the comment to open at (a search's best hit in it), numbered as `parse` numbers them. */
  onOpen: (path: string, at?: number | null) => void
  onQuit: () => void
  onHelp: () => void
}): React.JSX.Element {
  const { session, columns, rows, colors } = props
  const [listings, setListings] = useState<DiscussionListing[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [query, setQuery] = useState('')
  const [selected, setSelected] = useState(0)

  // What the person had read of each discussion, for the "N new" before its title.
  const [readMarks, setReadMarks] = useState(new Map<string, number | null>())
  const reload = useCallback(() => {
    session.list().then(
      (found) => {
        setListings(found)
        setError(null)
        session.readMarks(found.map((listing) => listing.path)).then(setReadMarks, () => undefined)
      },
      (failure: unknown) =>
        setError(
          (failure as NodeJS.ErrnoException).code === 'ENOENT'
            ? `${session.folder}: no such folder.`
            : String(failure),
        ),
    )
  }, [session])
  useEffect(reload, [reload])
  useFileFollow({ folder: session.folder }, reload)

  // Keys can come faster than draws: the filter and the choice are read and changed through refs.
  const typed = useRef('')
  const chosen = useRef(0)
  const filter = (change: (before: string) => string): void => {
    typed.current = change(typed.current)
    chosen.current = 0
    setQuery(typed.current)
    setSelected(0)
  }
  // Full-text search after `/`: the query typed (null when not searching), and its results, the
  // discussions with a hit best first, each opened at its best hit.
  const searchTyped = useRef<string | null>(null)
  const [search, setSearch] = useState<{ query: string; results: SearchResults | null } | null>(
    null,
  )
  const searches = useRef(0)
  const searchRef = useRef(search)
  searchRef.current = search
  const runSearch = (query: string): void => {
    searchTyped.current = query
    chosen.current = 0
    setSelected(0)
    const mine = ++searches.current
    setSearch({ query, results: null })
    if (query.trim() === '') return
    session.search(query).then(
      (results) => {
        if (mine === searches.current) setSearch({ query, results })
      },
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    )
  }
  const searched = (results: SearchResults | null | undefined): DiscussionListing[] => {
    if (!results) return []
    const byPath = new Map((listings ?? []).map((listing) => [listing.path, listing]))
    return results.matched.flatMap((path) => byPath.get(path) ?? [])
  }
  const bestHit = (results: SearchResults | null | undefined, path: string): number | null =>
    results?.hits.find((hit) => hit.path === path)?.comment ?? null
  const shown = search !== null ? searched(search.results) : filterListings(listings ?? [], query)
  const titles = listedTitles(listings ?? [])
  const current = Math.min(selected, Math.max(0, shown.length - 1))
  const listHeight = Math.max(1, rows - 5)
  const top = Math.max(0, Math.min(current - Math.floor(listHeight / 2), shown.length - listHeight))

  useKeys(
    (input, key) => {
      const inSearch = searchTyped.current !== null
      const matching = inSearch
        ? searched(searchRef.current?.results)
        : filterListings(listings ?? [], typed.current)
      const at = Math.min(chosen.current, Math.max(0, matching.length - 1))
      const choose = (index: number): void => {
        chosen.current = Math.max(0, Math.min(matching.length - 1, index))
        setSelected(chosen.current)
      }
      if (key.upArrow) choose(at - 1)
      else if (key.downArrow) choose(at + 1)
      else if (key.pageUp) choose(at - listHeight)
      else if (key.pageDown) choose(at + listHeight)
      else if (key.return) {
        const listing = matching[at]
        if (listing)
          props.onOpen(
            listing.path,
            inSearch ? bestHit(searchRef.current?.results, listing.path) : null,
          )
      } else if (inSearch) {
        const before = searchTyped.current ?? ''
        if (key.escape) {
          searchTyped.current = null
          searches.current += 1
          setSearch(null)
        } else if (key.backspace || key.delete) runSearch(Array.from(before).slice(0, -1).join(''))
        else if (input && !key.ctrl && !key.meta && input >= ' ') runSearch(before + input)
      } else if (input === '/' && typed.current === '') runSearch('')
      else if (key.escape) {
        if (typed.current === '') props.onQuit()
        else filter(() => '')
      } else if (key.backspace || key.delete) filter((before) => before.slice(0, -1))
      else if (input === 'q' && typed.current === '') props.onQuit()
      else if (input === '?' && typed.current === '') props.onHelp()
      else if (input && !key.ctrl && !key.meta && input >= ' ') filter((before) => before + input)
    },
    listings !== null || error !== null,
  )

  return (
    <Box flexDirection="column">
      <Text bold {...tint('cyan', colors)}>
        {fit(`Discussions in ${session.folder}`, columns)}
      </Text>
      <Text>
        {fit(
          search !== null
            ? `Search: ${search.query}▏  ${
                search.results
                  ? `${plural(search.results.total, 'hit')} in ${plural(search.results.matched.length, 'discussion')}`
                  : ''
              }`
            : query === ''
              ? 'Type to filter · / search all text · ↑/↓ · Enter open · ? keys · q quit'
              : `Filter: ${query}▏`,
          columns,
        )}
      </Text>
      <Text dimColor>{browseHeader(columns)}</Text>
      {error !== null && <Text {...tint('red', colors)}>{fit(error, columns)}</Text>}
      {listings === null && error === null && <Text>Loading…</Text>}
      {listings !== null && shown.length === 0 && search === null && (
        <Text>
          {fit(
            query === ''
              ? 'No discussions here. Create one with `discussions new "Title"`.'
              : `Nothing matches "${query}" (Esc clears the filter).`,
            columns,
          )}
        </Text>
      )}
      {shown.slice(top, top + listHeight).map((listing, index) => (
        <BrowseRow
          key={listing.path}
          listing={listing}
          title={titles.get(listing.path) ?? listing.title}
          readBefore={readMarks.get(listing.path) ?? null}
          columns={columns}
          colors={colors}
          chosen={top + index === current}
        />
      ))}
    </Box>
  )
}

/** One discussion's row, its vote counts coloured by their vote. */
function BrowseRow(props: {
  listing: DiscussionListing
  title: string
  /** What the person had read of it (null: never): the NEW column. */
  readBefore: number | null
  columns: number
  colors: boolean
  chosen: boolean
}): React.JSX.Element {
  const cells = browseCells(props.listing, props.columns, new Date(), props.title, props.readBefore)
  return (
    <Text inverse={props.chosen}>
      {cells.before}
      {cells.votes.map((piece, index) => (
        <Text
          key={index}
          {...(piece.vote ? tint(VOTE_COLORS[piece.vote] ?? 'white', props.colors) : {})}
          bold={piece.vote !== null}
        >
          {piece.text}
        </Text>
      ))}
      {cells.after}
    </Text>
  )
}
