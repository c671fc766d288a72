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
import { EMPTY_EDITING, textOf } from '../view-model/text-editing.js'
import type { Editing } from '../view-model/text-editing.js'
import { searchSources } from '../../core/search/search.js'
import type { SearchHit } from '../../core/search/search.js'
import { JUMP_KEYS, JUMP_KINDS, UNREAD_KEY } from '../../core/navigation/index.js'
import type { JumpKind } from '../../core/navigation/index.js'
import { jumpList, kindJump, nextJump, unreadJump } from '../view-model/jump-list.js'
import { editLine } from './turn-picker.js'
import { commentMarkdown, quoteReply } from '../view-model/comment-actions.js'
import { Text } from '../safe-text.js'

const SIDE_WIDTH = 38

const JUMP_NAMES: Record<JumpKind, string> = {
  question: 'Open question',
  concern: 'Concern',
  decision: 'Decision',
  reject: 'REJECT from',
}

export interface ReadingKeys {
  onBack: () => void
  onQuit: () => void
  onHelp: () => void
  onRun: () => void
  onComment: () => void
  onAdvance: () => void
  onDiagrams: () => void
  onSpeak: (text: string) => void
  /** Copy the comment on top (its markdown) to the clipboard. */
  onCopy: (markdown: string) => void
  /** Reply to the comment on top, starting from its quote. */
  onQuote: (quote: string) => void
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
    /**
     * How many comments there were when the person last read it, before this visit (null:
     * never; undefined: not known yet): where "first unread" (`f`) goes.
     */
    readBefore?: number | null | undefined
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
  // A note of this screen's own (a search, a hit, a jump) shows where the status message does.
  const [note, setNote] = useState<string | null>(null)
  const shownMessage = note ?? props.message
  const height = Math.max(3, rows - 3 - (shownMessage !== null ? 1 : 0))
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

  // The search being typed after `/` (null when none), and the hits of the last one, in file order.
  const searching = useRef<Editing | null>(null)
  const hits = useRef<{ hits: SearchHit[]; terms: string[]; at: number } | null>(null)
  /** The place showing `comment`'s (-1: the opening's) first line holding one of `terms`. */
  const placeOf = (comment: number | null, terms: readonly string[] = []): Place => {
    const part = comment === null ? 0 : document.partOf(comment)
    const line = document
      .lines(part)
      .findIndex((row) => terms.some((term) => row.text.toLowerCase().includes(term)))
    return { part, line: Math.max(0, line) }
  }
  /** The next (or previous) hit from the comment on top; `here` too for a new search's first. */
  const showHit = (direction: 1 | -1, includingHere = false): void => {
    const found = hits.current
    if (found === null || found.hits.length === 0) return
    const here = document.clamp(kept.place, height).part - 1 - (includingHere ? 1 : 0)
    const count = found.hits.length
    let index = direction === 1 ? found.hits.findIndex((hit) => (hit.comment ?? -1) > here) : -1
    if (direction === -1)
      for (let i = count - 1; i >= 0; i--)
        if ((found.hits[i]?.comment ?? -1) < here) {
          index = i
          break
        }
    // Past the last hit, n wraps to the first (and N to the last), as in less and vim.
    if (index === -1) index = direction === 1 ? 0 : count - 1
    found.at = index
    const hit = found.hits[index]
    if (!hit) return
    move(placeOf(hit.comment, found.terms))
    setNote(`Hit ${index + 1} of ${count} · line ${hit.line} · n next · N previous · / new search`)
  }
  const runSearch = (query: string): void => {
    const results = searchSources([{ path: open.path, text: open.text }], query)
    const sorted = [...results.hits].sort((a, b) => a.line - b.line)
    hits.current = { hits: sorted, terms: results.terms, at: -1 }
    if (sorted.length === 0) setNote(`No hits for "${query}".`)
    else showHit(1, true)
  }
  const jump = (direction: 1 | -1): void => {
    const here = document.clamp(kept.place, height).part - 1
    const target = nextJump(jumpList(open.view, open.status), here, direction)
    if (target === null) {
      setNote(direction === 1 ? 'Nothing to jump to below.' : 'Nothing to jump to above.')
      return
    }
    move(placeOf(target.comment))
    setNote(`${JUMP_NAMES[target.kind]}: ${target.text}`)
  }

  /** A jump of one kind (`u` next open question, `U` the one before, …) or to the first unread. */
  const jumpTo = (to: { comment: number | null; note: string }): void => {
    if (to.comment !== null) move(placeOf(to.comment))
    setNote(to.note)
  }
  const kindOfKey = (input: string): JumpKind | undefined =>
    JUMP_KINDS.find((kind) => JUMP_KEYS[kind] === input.toLowerCase())

  useKeys((input, key) => {
    if (searching.current !== null) {
      const next = editLine(searching.current, input, key)
      if (next === null) {
        const query = textOf(searching.current).trim()
        searching.current = null
        if (key.return && query !== '') runSearch(query)
        else setNote(null)
      } else {
        searching.current = next
        setNote(`Search: ${textOf(next)}▏`)
      }
      return
    }
    if (input === '/') {
      searching.current = EMPTY_EDITING
      setNote('Search: ▏')
      return
    }
    setNote(null)
    const top = open.complete ? kept.place : document.clamp(kept.place, height)
    const kind = kindOfKey(input)
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
    else if (input === 'n' && hits.current !== null) showHit(1)
    else if (input === 'N') showHit(-1)
    else if (input === 'j' || input === 'n') move(document.nextComment(top, height))
    else if (input === 'k' || input === 'p') move(document.previousComment(top))
    else if (input === ']') jump(1)
    else if (input === '[') jump(-1)
    else if (kind !== undefined) {
      const here = document.clamp(kept.place, height).part - 1
      jumpTo(kindJump(open.view, open.status, kind, here, input === input.toLowerCase() ? 1 : -1))
    } else if (input === UNREAD_KEY)
      jumpTo(unreadJump(open.view.comments.length, open.complete ? props.readBefore : undefined))
    else if (input === 's') {
      summaryAt.current.shown = !summaryAt.current.shown
      setSummaryShown(summaryAt.current.shown)
    } else if (input === 'r' || input === 't') props.onRun()
    else if (input === 'c') props.onComment()
    else if (input === 'a') props.onAdvance()
    else if (input === 'd') props.onDiagrams()
    else if (input === 'y' || input === '>') {
      const comment = selected !== undefined ? open.view.comments[selected] : undefined
      if (!comment) setNote('Scroll to a comment first.')
      else if (input === 'y') props.onCopy(commentMarkdown(comment))
      else props.onQuote(quoteReply(comment))
    } else if (input === 'l') {
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
      {shownMessage !== null && <Text bold>{fit(shownMessage, columns)}</Text>}
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
