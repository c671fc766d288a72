import { Box } from 'ink'
import { useEffect, useRef, useState } from 'react'

import { useKeys } from '../keys.js'
import type { TuiSession } from '../session.js'
import { tint, VOTE_COLORS } from '../theme.js'
import {
  applyTurnEvent,
  progressLine,
  startProgress,
  turnFinished,
} from '../view-model/turn-progress.js'
import type { PersonaProgress, TurnProgress } from '../view-model/turn-progress.js'
import { attemptLine, recordAttempt } from '../view-model/turn-attempts.js'
import type { Attempt } from '../view-model/turn-attempts.js'
import { fit, wrap } from '../view-model/text.js'
import { Text } from '../safe-text.js'
import { formatSpend } from '../../core/budget/format-spend.js'
import { turnSpend } from '../../core/budget/turn-spend.js'

/** The turn as it happens; Esc or Ctrl-C cancels, keeping every answer already written. */
export function TurnScreen(props: {
  session: TuiSession
  path: string
  participants: string[]
  /** Empty for none. */
  callout?: string
  /** Empty for each persona's own chain; checked by the picker before the turn starts. */
  provider?: string
  columns: number
  rows: number
  colors: boolean
  onClose: (note: string) => void
}): React.JSX.Element {
  const { columns, rows, colors } = props
  const [progress, setProgress] = useState<TurnProgress>(() => startProgress(props.participants))
  const [finished, setFinished] = useState<string | null>(null)
  const ended = useRef<string | null>(null)
  const abort = useRef<AbortController | null>(null)
  const [attempts, setAttempts] = useState<Map<string, Attempt>>(() => new Map())
  const [chains, setChains] = useState<Map<string, string[]>>(() => new Map())
  // The elapsed times tick while the turn runs, so a hung provider shows as time passing.
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (finished !== null) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [finished])
  useEffect(() => {
    void props.session.providerChains(props.participants, props.provider).then(setChains)
  }, [props.session, props.participants, props.provider])

  const end = (note: string): void => {
    ended.current = note
    setFinished(note)
  }
  useEffect(() => {
    const controller = new AbortController()
    abort.current = controller
    props.session.engine
      .runTurn(props.path, {
        participants: props.participants,
        ...(props.callout ? { callout: props.callout } : {}),
        ...(props.provider ? { provider: props.provider } : {}),
        signal: controller.signal,
        onEvent: (event) => {
          setProgress((current) => applyTurnEvent(current, event))
          setAttempts((current) => recordAttempt(current, event, Date.now()))
        },
      })
      .then(
        (result) => {
          const answered = result.answers.filter((answer) => answer.outcome === 'done').length
          end(
            `${result.cancelled ? 'Cancelled' : 'Turn finished'}: ${answered} of ${result.answers.length} answered` +
              (answered > 0 ? ` · ${formatSpend(turnSpend(result))}` : '') +
              (result.cancelled ? ' · answers that arrived are kept' : ''),
          )
        },
        (failure: unknown) =>
          end(`The turn failed: ${failure instanceof Error ? failure.message : String(failure)}`),
      )
    return () => controller.abort()
  }, [props.session, props.path, props.participants, props.callout, props.provider])

  useKeys((input, key) => {
    const cancel = key.escape || (key.ctrl && input === 'c')
    if (ended.current !== null) {
      if (key.return || cancel || input === 'q') props.onClose(ended.current)
    } else if (cancel) abort.current?.abort()
  })

  const personaCount = Math.max(1, progress.personas.length)
  const each = Math.max(2, Math.floor((rows - 4) / personaCount))
  return (
    <Box flexDirection="column">
      <Text bold inverse>
        {fit(`Turn: ${props.participants.map((alias) => `@${alias}`).join(' ')}`, columns)}
      </Text>
      {progress.personas.map((persona) => (
        <PersonaPanel
          key={persona.alias}
          persona={persona}
          attempt={
            ['thinking', 'streaming'].includes(persona.state)
              ? attemptLine(attempts.get(persona.alias), chains.get(persona.alias) ?? [], now)
              : ''
          }
          width={columns}
          height={each}
          colors={colors}
        />
      ))}
      {progress.phase !== null && <Text bold>{fit(progress.phase, columns)}</Text>}
      <Text bold={finished !== null}>
        {fit(
          finished !== null
            ? `${finished} — Enter returns to the discussion`
            : turnFinished(progress)
              ? 'Saving…'
              : 'Esc or Ctrl-C cancels (what arrived is kept)',
          columns,
        )}
      </Text>
    </Box>
  )
}

/**
 * The last `count` wrapped lines of `text`: only its tail is wrapped, so an answer that streams to
 * megabytes costs the same to draw at each event.
 */
function lastLines(text: string, count: number, width: number): string[] {
  if (count <= 0) return []
  let start = text.length
  for (let found = 0; found < count && start > 0; found++) start = text.lastIndexOf('\n', start - 1)
  // A last line longer than the panel holds: its end is what is shown.
  const tail = text.slice(Math.max(0, start + 1, text.length - count * Math.max(1, width)))
  const lines = tail.split('\n').flatMap((line) => wrap(line, width))
  return lines.slice(Math.max(0, lines.length - count))
}

const STATE_COLORS: Record<string, string> = {
  queued: 'gray',
  thinking: 'yellow',
  streaming: 'cyan',
  done: 'green',
  failed: 'red',
  silent: 'red',
}

function PersonaPanel(props: {
  persona: PersonaProgress
  /** Elapsed time, the provider tried and the chain, while it works. */
  attempt: string
  width: number
  height: number
  colors: boolean
}): React.JSX.Element {
  const { persona, width, height, colors } = props
  const visible = lastLines(persona.text, height - 1, width - 2)
  const color = persona.vote ? VOTE_COLORS[persona.vote] : STATE_COLORS[persona.state]
  return (
    <Box flexDirection="column">
      <Text bold {...tint(color ?? 'white', colors)}>
        {fit(
          props.attempt
            ? `@${persona.alias}  ${persona.state} · ${props.attempt}`
            : progressLine(persona),
          width,
        )}
      </Text>
      {visible.map((line, index) => (
        <Text key={index} wrap="truncate">
          {`  ${line}`}
        </Text>
      ))}
    </Box>
  )
}
