import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { Box } from 'ink'
import type { Key } from 'ink'
import { useRef, useState } from 'react'

import type { Vote } from '../../core/format/model.js'
import { useKeys } from '../keys.js'
import { useEditor } from '../use-editor.js'
import { tint, VOTE_COLORS } from '../theme.js'
import { fit, wrap } from '../view-model/text.js'
import {
  cursorPosition,
  deleteAfter,
  deleteBefore,
  editingOf,
  end,
  home,
  insert,
  left,
  right,
  textOf,
  vertical,
} from '../view-model/text-editing.js'
import type { Editing } from '../view-model/text-editing.js'
import { Text } from '../safe-text.js'

const VOTES: (Vote | null)[] = [null, 'READY', 'CHANGES', 'REJECT']

/** The cursor as drawn: a bar between two characters (it takes a column of its own). */
const CURSOR = '▏'

/**
 * The text's rows wrapped to `width` with the cursor drawn in them, and the row the cursor is on.
 * The line holding the cursor is wrapped with the bar in it, so the bar is where it wraps to.
 */
function editorRows(editing: Editing, width: number): { lines: string[]; cursorRow: number } {
  const { lines, line: cursorLine, column } = cursorPosition(editing)
  const rows: string[] = []
  let cursorRow = 0
  lines.forEach((text, index) => {
    if (index !== cursorLine) {
      rows.push(...wrap(text, width))
      return
    }
    const chars = Array.from(text)
    const before = wrap(chars.slice(0, column).join('') + CURSOR, width)
    const withCursor = wrap(
      chars.slice(0, column).join('') + CURSOR + chars.slice(column).join(''),
      width,
    )
    cursorRow = rows.length + Math.max(0, before.length - 1)
    rows.push(...withCursor)
  })
  return { lines: rows, cursorRow }
}

/**
 * A multi-line comment with an optional vote, signed with the default name. Ctrl-S saves; Ctrl-E
 * continues in $EDITOR; Esc asks before throwing away what was typed.
 */
export function CommentScreen(props: {
  author: string
  /** The text to start from (a quote-reply's quote); the cursor after it. */
  initial?: string
  env: NodeJS.ProcessEnv
  columns: number
  rows: number
  colors: boolean
  onSave: (text: string, vote: Vote | null) => Promise<string | null>
  onCancel: () => void
}): React.JSX.Element {
  const { columns, rows, colors } = props
  const [editing, setEditing] = useState<Editing>(() => editingOf(props.initial ?? ''))
  const [vote, setVote] = useState<Vote | null>(null)
  // Keys can arrive faster than renders: edits go through refs so none is lost or saved stale.
  const typed = useRef<Editing>(editing)
  const voted = useRef<Vote | null>(null)
  const edit = (change: (before: Editing) => Editing): void => {
    typed.current = change(typed.current)
    setEditing(typed.current)
  }
  const [confirmDiscard, setConfirmDiscardShown] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const [saving, setSavingShown] = useState(false)
  const asking = useRef(false)
  const busy = useRef(false)
  const setConfirmDiscard = (value: boolean): void => {
    asking.current = value
    setConfirmDiscardShown(value)
  }
  const setSaving = (value: boolean): void => {
    busy.current = value
    setSavingShown(value)
  }
  const editor = useEditor(props.env)

  const keys = useKeys(onKey, !saving)
  function save(): void {
    const text = textOf(typed.current)
    const vote = voted.current
    if (text.trim() === '') {
      setMessage('The comment is empty; type something, or Esc to go back.')
      return
    }
    setSaving(true)
    keys.hold()
    props.onSave(text.trimEnd(), vote).then(
      (failure) => {
        setSaving(false)
        if (failure !== null) setMessage(failure)
      },
      (failure: unknown) => {
        setSaving(false)
        setMessage(failure instanceof Error ? failure.message : String(failure))
      },
    )
  }

  const inEditor = (): void => {
    const folder = mkdtempSync(join(tmpdir(), 'discussions-comment-'))
    const file = join(folder, 'comment.md')
    try {
      writeFileSync(file, textOf(typed.current))
      const failure = editor(file)
      edit(() => editingOf(readFileSync(file, 'utf8')))
      setMessage(failure ?? 'Back from the editor: Ctrl-S saves.')
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  }

  function onKey(input: string, key: Key): void {
    if (busy.current) return
    if (asking.current) {
      if (input === 'y') props.onCancel()
      else setConfirmDiscard(false)
      return
    }
    setMessage(null)
    if (key.escape || (key.ctrl && input === 'c')) {
      if (textOf(typed.current).trim() === '') props.onCancel()
      else setConfirmDiscard(true)
    } else if (key.ctrl && input === 's') save()
    else if (key.ctrl && input === 'e') inEditor()
    else if (key.tab) {
      voted.current = VOTES[(VOTES.indexOf(voted.current) + 1) % VOTES.length] ?? null
      setVote(voted.current)
    } else if (key.return) edit((before) => insert(before, '\n'))
    else if (key.backspace) edit(deleteBefore)
    else if (key.delete) edit(deleteAfter)
    else if (key.leftArrow) edit(left)
    else if (key.rightArrow) edit(right)
    else if (key.upArrow) edit((before) => vertical(before, -1))
    else if (key.downArrow) edit((before) => vertical(before, 1))
    else if (key.home || (key.ctrl && input === 'a')) edit(home)
    else if (key.end) edit(end)
    else if (input && !key.ctrl && !key.meta) edit((before) => insert(before, input))
  }

  const width = columns - 2
  const height = Math.max(3, rows - 6)
  const { lines, cursorRow } = editorRows(editing, width)
  // The rows shown follow the cursor: the last rows, or from the cursor's when it is above them.
  const first = Math.min(Math.max(0, lines.length - height), cursorRow)
  const visible = lines.slice(first, first + height)
  const voteText = vote ?? 'no vote'
  return (
    <Box flexDirection="column">
      <Text bold inverse>
        {fit(`Comment as ${props.author}`, columns)}
      </Text>
      <Text>
        Vote (Tab):{' '}
        <Text bold {...tint(vote ? (VOTE_COLORS[vote] ?? 'white') : 'gray', colors)}>
          {voteText}
        </Text>
      </Text>
      <Box flexDirection="column" borderStyle="single" height={height + 2} width={columns}>
        {visible.map((line, index) => (
          <Text key={index} wrap="truncate">
            {line === '' ? ' ' : line}
          </Text>
        ))}
      </Box>
      <Text {...(message ? tint('yellow', colors) : {})} bold={confirmDiscard}>
        {fit(
          confirmDiscard
            ? 'Throw away this comment? y discards, any other key keeps editing.'
            : saving
              ? 'Saving…'
              : (message ??
                'Enter new line · ←↑↓→ Home End move · Tab vote · Ctrl-S save · Ctrl-E $EDITOR · Esc cancel'),
          columns,
        )}
      </Text>
    </Box>
  )
}
