import { Box } from 'ink'
import { useMemo, useRef, useState } from 'react'

import { useKeys } from '../keys.js'
import type { OpenDiscussion } from '../session.js'
import { roleOf } from '../session.js'
import { paint, tint, VOTE_COLORS } from '../theme.js'
import { ReadingDocument, TOP } from '../view-model/reading-document.js'
import type { KeptPlace, Place } from '../view-model/reading-document.js'
import { summaryRows, summaryView, summaryWindow } from '../view-model/summary.js'
import { fit } from '../view-model/text.js'
import { Text } from '../safe-text.js'

const SIDE_WIDTH = 38

export interface ReadingKeys {
  onBack: () => void
  onQuit: () => void
  onHelp: () => void
  onRun: () => void
  onComment: () => void
  onAdvance: () => void
  onDiagrams: () => void
  onSpeak: (text: string) => void
}

/** The discussion: header, body and comments, scrolled; the summary beside it or instead of it. */
export function ReadingScreen(
  props: ReadingKeys & {
    open: OpenDiscussion
    columns: number
    rows: number
    colors: boolean
    message: string | null
    /** Where the person was in this discussion: kept across turns, comments and advances. */
    kept: KeptPlace
  },
): React.JSX.Element {
  const { open, columns, rows, colors } = props
  const [summaryShown, setSummaryShown] = useState(false)
  // While the summary is shown, the arrows and pages scroll it (from a ref: keys outrun draws).
  const [summaryTop, setSummaryTop] = useState(0)
  const summaryAt = useRef({ shown: false, top: 0 })
  const side = summaryShown && columns >= 90
  const bodyWidth = side ? columns - SIDE_WIDTH - 1 : columns
  // A status message gets a line of its own above the key hints, which it never hides.
  const height = Math.max(3, rows - 3 - (props.message !== null ? 1 : 0))
  const document = useMemo(
    () => new ReadingDocument(open.text, open.view, bodyWidth, roleOf(open)),
    [open, bodyWidth],
  )
  const [, redraw] = useState(0)
  // Keys can come faster than draws, and the place outlives this screen: it lives in `kept`.
  // A discussion that grows while its end is shown keeps showing the end.
  // While only the head of a long file is shown, a kept place past it is left as it is (the
  // whole file shows it), and the end of the head is not the end of the file.
  const { kept } = props
  const shownPlace = kept.atEnd ? document.end(height) : document.clamp(kept.place, height)
  if (open.complete) kept.place = shownPlace
  const move = (to: Place, toEnd = false): void => {
    kept.place = document.clamp(to, height)
    kept.atEnd = toEnd || (open.complete && document.atEnd(kept.place, height))
    redraw((count) => count + 1)
  }
  const top = shownPlace
  const body = document.window(top, height)
  const selected = body.find((line) => line.comment !== null)?.comment ?? undefined

  useKeys((input, key) => {
    const top = open.complete ? kept.place : document.clamp(kept.place, height)
    const scrollSummary = (delta: number): void => {
      const rows = summaryRows(summaryView(open.status), side ? SIDE_WIDTH : columns).length + 1
      summaryAt.current.top = Math.max(0, Math.min(rows - height, summaryAt.current.top + delta))
      setSummaryTop(summaryAt.current.top)
    }
    if (summaryAt.current.shown && (key.upArrow || key.downArrow || key.pageUp || key.pageDown))
      scrollSummary(key.upArrow ? -1 : key.downArrow ? 1 : key.pageUp ? -(height - 1) : height - 1)
    else if (key.upArrow) move(document.step(top, -1))
    else if (key.downArrow) move(document.step(top, 1))
    else if (key.pageUp) move(document.step(top, -(height - 1)))
    else if (key.pageDown || input === ' ') move(document.step(top, height - 1))
    else if (key.home || input === 'g') move(TOP)
    else if (key.end || input === 'G') move(document.end(height), true)
    else if (input === 'n') move(document.nextComment(top, height))
    else if (input === 'p') move(document.previousComment(top))
    else if (input === 's') {
      summaryAt.current.shown = !summaryAt.current.shown
      setSummaryShown(summaryAt.current.shown)
    } else if (input === 'r' || input === 't') props.onRun()
    else if (input === 'c') props.onComment()
    else if (input === 'a') props.onAdvance()
    else if (input === 'd') props.onDiagrams()
    else if (input === 'l') {
      const comment = selected !== undefined ? open.view.comments[selected] : undefined
      props.onSpeak(comment ? `${comment.author}. ${comment.body}` : '')
    } else if (input === '?') props.onHelp()
    else if (input === 'q') props.onQuit()
    else if (key.escape || input === 'b') props.onBack()
  })

  const view = open.view
  const verdict = open.complete
    ? open.status.consensus.summary
    : `Reading the rest of the file… (shown: its first ${view.comments.length} comments)`
  const heading = `${view.title ?? open.path} · ${view.phase ?? '-'} · ${view.status ?? '-'}`
  const position = document.position(top, height)
  const footer =
    columns >= 90
      ? 'r turn · c comment · a advance · d diagrams · s summary · l read aloud · ? keys · Esc back'
      : 'r turn · c comment · a advance · s summary · ? keys · q quit'
  const bodyBox = (
    <Box flexDirection="column" width={bodyWidth} height={height}>
      {body.map((line, index) => (
        <Text
          key={index}
          wrap="truncate"
          {...paint(line.style, colors)}
          {...(line.vote && colors ? { color: VOTE_COLORS[line.vote] } : {})}
          inverse={line.style === 'author' && line.comment === selected}
        >
          {line.text === '' ? ' ' : line.text}
        </Text>
      ))}
    </Box>
  )
  const summaryPanel = (
    <SummaryPanel
      open={open}
      width={side ? SIDE_WIDTH : columns}
      height={height}
      colors={colors}
      offset={summaryTop}
    />
  )
  return (
    <Box flexDirection="column">
      <Text bold inverse>
        {fit(`${heading}  [${position}]`, columns)}
      </Text>
      {summaryShown && !side ? (
        summaryPanel
      ) : (
        <Box flexDirection="row">
          {bodyBox}
          {side && <Box marginLeft={1}>{summaryPanel}</Box>}
        </Box>
      )}
      <Text {...tint('gray', colors)}>{fit(verdict, columns)}</Text>
      {props.message !== null && <Text bold>{fit(props.message, columns)}</Text>}
      <Text dimColor>{fit(footer, columns)}</Text>
    </Box>
  )
}

function SummaryPanel(props: {
  open: OpenDiscussion
  width: number
  height: number
  colors: boolean
  offset: number
}): React.JSX.Element {
  const { width, colors } = props
  const rows = summaryRows(summaryView(props.open.status), width)
  const shown = summaryWindow(
    [{ text: 'Summary (↑/↓ scroll · s hides)', bold: true }, ...rows],
    props.offset,
    props.height,
  )
  return (
    <Box flexDirection="column" width={width} height={props.height}>
      {shown.rows.map((row, index) => (
        <Text
          key={index}
          wrap="truncate"
          bold={row.bold ?? false}
          {...(colors && row.vote && VOTE_COLORS[row.vote] ? { color: VOTE_COLORS[row.vote] } : {})}
        >
          {row.text === '' ? ' ' : row.text}
        </Text>
      ))}
    </Box>
  )
}
