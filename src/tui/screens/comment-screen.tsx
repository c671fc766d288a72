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
import { Text } from '../safe-text.js'

const VOTES: (Vote | null)[] = [null, 'READY', 'CHANGES', 'REJECT']

/**
 * A multi-line comment with an optional vote, signed with the default name. Ctrl-S saves; Ctrl-E
 * continues in $EDITOR; Esc asks before throwing away what was typed.
 */
export function CommentScreen(props: {
  author: string
  env: NodeJS.ProcessEnv
  columns: number
  rows: number
  colors: boolean
  onSave: (text: string, vote: Vote | null) => Promise<string | null>
  onCancel: () => void
}): React.JSX.Element {
  const { columns, rows, colors } = props
  const [text, setText] = useState('')
  const [vote, setVote] = useState<Vote | null>(null)
  // Keys can arrive faster than renders: edits go through refs so none is lost or saved stale.
  const typed = useRef('')
  const voted = useRef<Vote | null>(null)
  const edit = (change: (before: string) => string): void => {
    typed.current = change(typed.current)
    setText(typed.current)
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
    const text = typed.current
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
      writeFileSync(file, typed.current)
      const failure = editor(file)
      edit(() => readFileSync(file, 'utf8'))
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
      if (typed.current.trim() === '') props.onCancel()
      else setConfirmDiscard(true)
    } else if (key.ctrl && input === 's') save()
    else if (key.ctrl && input === 'e') inEditor()
    else if (key.tab) {
      voted.current = VOTES[(VOTES.indexOf(voted.current) + 1) % VOTES.length] ?? null
      setVote(voted.current)
    } else if (key.return) edit((before) => `${before}\n`)
    else if (key.backspace || key.delete) edit((before) => Array.from(before).slice(0, -1).join(''))
    else if (input && !key.ctrl && !key.meta)
      edit((before) => before + input.replace(/\r\n?/g, '\n'))
  }

  const width = columns - 2
  const lines = text.split('\n').flatMap((line) => wrap(line, width))
  const height = Math.max(3, rows - 6)
  const visible = lines.slice(Math.max(0, lines.length - height))
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
            {index === visible.length - 1 ? `${line}▏` : line === '' ? ' ' : line}
          </Text>
        ))}
        {visible.length === 0 && <Text>▏</Text>}
      </Box>
      <Text {...(message ? tint('yellow', colors) : {})} bold={confirmDiscard}>
        {fit(
          confirmDiscard
            ? 'Throw away this comment? y discards, any other key keeps editing.'
            : saving
              ? 'Saving…'
              : (message ??
                'Enter new line · Tab vote · Ctrl-S save · Ctrl-E $EDITOR · Esc cancel'),
          columns,
        )}
      </Text>
    </Box>
  )
}
