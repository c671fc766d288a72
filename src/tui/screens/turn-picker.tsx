import { Box } from 'ink'
import type { Key } from 'ink'
import { useEffect, useRef, useState } from 'react'

import { useKeys } from '../keys.js'
import type { TuiSession } from '../session.js'
import { tint } from '../theme.js'
import { fit } from '../view-model/text.js'
import {
  cursorPosition,
  deleteAfter,
  deleteBefore,
  EMPTY_EDITING,
  end,
  home,
  insert,
  left,
  right,
  textOf,
} from '../view-model/text-editing.js'
import type { Editing } from '../view-model/text-editing.js'
import { Text } from '../safe-text.js'

/** What a turn is asked to do: who answers, what they are pointed at, through which provider. */
export interface TurnRequest {
  participants: string[]
  /** Empty for none. */
  callout: string
  /** Empty for each persona's own provider chain. */
  provider: string
}

type Field = 'callout' | 'provider'

/** One key on a one-line field; null when the key ends the edit (Enter, Esc). */
export function editLine(editing: Editing, input: string, key: Key): Editing | null {
  if (key.return || key.escape) return null
  if (key.leftArrow) return left(editing)
  if (key.rightArrow) return right(editing)
  if (key.home || (key.ctrl && input === 'a')) return home(editing)
  if (key.end || (key.ctrl && input === 'e')) return end(editing)
  if (key.backspace) return deleteBefore(editing)
  if (key.delete) return deleteAfter(editing)
  if (input && !key.ctrl && !key.meta) return insert(editing, input.replace(/[\r\n]+/g, ' '))
  return editing
}

/** A one-line field with its cursor drawn as a bar. */
function fieldText(editing: Editing, focused: boolean): string {
  if (!focused) return textOf(editing)
  const { lines, column } = cursorPosition(editing)
  const chars = Array.from(lines[0] ?? '')
  return `${chars.slice(0, column).join('')}▏${chars.slice(column).join('')}`
}

/**
 * The full turn picker: any persona (routing's choice preselected, the discussion's participants
 * first, then every other persona), a callout, and a provider for all of them, refused with the
 * name meant when no provider has that name, before anything is called.
 */
export function TurnPicker(props: {
  session: TuiSession
  path: string
  candidates: string[]
  columns: number
  rows: number
  colors: boolean
  onRun: (request: TurnRequest) => void
  onCancel: () => void
}): React.JSX.Element {
  const { session, path, candidates } = props
  const [chosen, setChosen] = useState<Set<string> | null>(null)
  const [reason, setReason] = useState('')
  const [cursor, setCursor] = useState(0)
  // Keys can come faster than draws: the cursor, the choice and the fields change through refs.
  const at = useRef(0)
  const picked = useRef<Set<string> | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [all, setAll] = useState<string[]>(candidates)
  const allRef = useRef<string[]>(candidates)
  const fields = useRef<Record<Field, Editing>>({ callout: EMPTY_EDITING, provider: EMPTY_EDITING })
  const focus = useRef<Field | null>(null)
  const [, redraw] = useState(0)
  const checking = useRef(false)
  useEffect(() => {
    Promise.all([session.engine.previewTurn(path), session.personaAliases()]).then(
      ([{ selection }, personas]) => {
        allRef.current = [...new Set([...candidates, ...selection.aliases, ...personas])]
        setAll(allRef.current)
        picked.current = new Set(selection.aliases)
        setChosen(picked.current)
        setReason(`routing chose them from the ${selection.source}`)
      },
      (failure: unknown) => {
        picked.current = new Set()
        setChosen(picked.current)
        setError(failure instanceof Error ? failure.message : String(failure))
      },
    )
  }, [session, path, candidates])

  const moveTo = (index: number): void => {
    at.current = Math.max(0, Math.min(allRef.current.length - 1, index))
    setCursor(at.current)
  }
  const run = (current: Set<string>): void => {
    const participants = allRef.current.filter((alias) => current.has(alias))
    if (participants.length === 0) {
      setError('Choose at least one participant (Space), or Esc to go back.')
      return
    }
    const provider = textOf(fields.current.provider).trim()
    const callout = textOf(fields.current.callout).trim()
    checking.current = true
    void session.providerRefusal(provider).then((refusal) => {
      checking.current = false
      if (refusal !== null) setError(refusal)
      else props.onRun({ participants, callout, provider })
    })
  }
  // Keys wait until routing has answered, so `r Enter` typed at once runs routing's choice.
  useKeys((input, key) => {
    const current = picked.current
    if (current === null || checking.current) return
    const field = focus.current
    if (field !== null) {
      const next = editLine(fields.current[field], input, key)
      if (next === null) focus.current = null
      else fields.current = { ...fields.current, [field]: next }
      redraw((count) => count + 1)
      return
    }
    setError(null)
    if (key.upArrow) moveTo(at.current - 1)
    else if (key.downArrow) moveTo(at.current + 1)
    else if (input === ' ') {
      const alias = allRef.current[at.current]
      if (alias === undefined) return
      const next = new Set(current)
      if (next.has(alias)) next.delete(alias)
      else next.add(alias)
      picked.current = next
      setChosen(next)
    } else if (input === 'c' || input === 'p') {
      focus.current = input === 'c' ? 'callout' : 'provider'
      redraw((count) => count + 1)
    } else if (key.return) run(current)
    else if (key.escape || input === 'q') props.onCancel()
  }, chosen !== null)

  const { columns, rows, colors } = props
  // The list scrolls to keep the cursor in view under the heading, the fields and the hints.
  const listHeight = Math.max(1, rows - 7)
  const first = Math.max(0, Math.min(cursor - listHeight + 1, all.length - listHeight))
  const field = focus.current
  const hint =
    field !== null
      ? `Typing the ${field}: ←/→ Home/End move · Enter or Esc done`
      : '↑/↓ · Space choose · c callout · p provider · Enter run · Esc back'
  return (
    <Box flexDirection="column">
      <Text bold inverse>
        {fit('Run a turn: who answers?', columns)}
      </Text>
      <Text>{fit(chosen === null ? 'Asking routing…' : `Preselected: ${reason}.`, columns)}</Text>
      {all.slice(first, first + listHeight).map((alias, index) => (
        <Text key={alias} inverse={first + index === cursor && field === null}>
          {fit(
            `${chosen?.has(alias) ? '[x]' : '[ ]'} @${alias}${candidates.includes(alias) ? '' : '  (not in this discussion yet)'}`,
            columns,
          )}
        </Text>
      ))}
      <Text bold={field === 'callout'}>
        {fit(
          `Callout (c): ${fieldText(fields.current.callout, field === 'callout') || '-'}`,
          columns,
        )}
      </Text>
      <Text bold={field === 'provider'}>
        {fit(
          `Provider (p): ${fieldText(fields.current.provider, field === 'provider') || "each persona's own"}`,
          columns,
        )}
      </Text>
      {error !== null && <Text {...tint('red', colors)}>{fit(error, columns)}</Text>}
      <Text dimColor>{fit(hint, columns)}</Text>
    </Box>
  )
}
