import { Box, Text, useInput } from 'ink'
import { useCallback, useEffect, useState } from 'react'

import type { DiscussionListing } from '../../node/engine/index.js'
import type { TuiSession } from '../session.js'
import { tint } from '../theme.js'
import { useFileFollow } from '../use-file-follow.js'
import { browseHeader, browseLine, filterListings } from '../view-model/browse.js'
import { fit } from '../view-model/text.js'

/** The folder's discussions, newest activity first; typing filters, Enter opens. */
export function BrowseScreen(props: {
  session: TuiSession
  columns: number
  rows: number
  colors: boolean
  onOpen: (path: string) => void
  onQuit: () => void
  onHelp: () => void
}): React.JSX.Element {
  const { session, columns, rows, colors } = props
  const [listings, setListings] = useState<DiscussionListing[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [query, setQuery] = useState('')
  const [selected, setSelected] = useState(0)

  const reload = useCallback(() => {
    session.list().then(
      (found) => {
        setListings(found)
        setError(null)
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

  const shown = filterListings(listings ?? [], query)
  const current = Math.min(selected, Math.max(0, shown.length - 1))
  const listHeight = Math.max(1, rows - 5)
  const top = Math.max(0, Math.min(current - Math.floor(listHeight / 2), shown.length - listHeight))

  useInput((input, key) => {
    if (key.upArrow) setSelected(Math.max(0, current - 1))
    else if (key.downArrow) setSelected(Math.min(shown.length - 1, current + 1))
    else if (key.pageUp) setSelected(Math.max(0, current - listHeight))
    else if (key.pageDown) setSelected(Math.min(shown.length - 1, current + listHeight))
    else if (key.return) {
      const listing = shown[current]
      if (listing) props.onOpen(listing.path)
    } else if (key.escape) {
      if (query === '') props.onQuit()
      else setQuery('')
    } else if (key.backspace || key.delete) setQuery((typed) => typed.slice(0, -1))
    else if (input === 'q' && query === '') props.onQuit()
    else if (input === '?' && query === '') props.onHelp()
    else if (input && !key.ctrl && !key.meta && input >= ' ') {
      setQuery((typed) => typed + input)
      setSelected(0)
    }
  })

  return (
    <Box flexDirection="column">
      <Text bold {...tint('cyan', colors)}>
        {fit(`Discussions in ${session.folder}`, columns)}
      </Text>
      <Text>
        {fit(
          query === ''
            ? 'Type to filter · ↑/↓ · Enter open · ? keys · q quit'
            : `Filter: ${query}▏`,
          columns,
        )}
      </Text>
      <Text dimColor>{browseHeader(columns)}</Text>
      {error !== null && <Text {...tint('red', colors)}>{fit(error, columns)}</Text>}
      {listings === null && error === null && <Text>Loading…</Text>}
      {listings !== null && shown.length === 0 && (
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
        <Text key={listing.path} inverse={top + index === current}>
          {browseLine(listing, columns, new Date())}
        </Text>
      ))}
    </Box>
  )
}
