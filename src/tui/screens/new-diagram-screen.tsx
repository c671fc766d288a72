import { Box } from 'ink'
import { useEffect, useRef, useState } from 'react'

import { useKeys } from '../keys.js'
import { commentDiagram, newDiagramInEditor, newDiagramProblem } from '../new-diagram.js'
import type { NewDiagramOutcome } from '../new-diagram.js'
import type { OpenDiscussion, TuiSession } from '../session.js'
import { tint } from '../theme.js'
import { useEditor } from '../use-editor.js'
import { fit, wrap } from '../view-model/text.js'
import { Text } from '../safe-text.js'

type Stage = 'name' | 'checking' | 'editing'

/**
 * A new diagram: its file name first (proposed, editable; the engine's name rule applies), then
 * the artifact editor where there is a display, else $EDITOR in this terminal.
 */
export function NewDiagramScreen(props: {
  session: TuiSession
  open: OpenDiscussion
  columns: number
  colors: boolean
  onDone: (outcome: NewDiagramOutcome) => void
}): React.JSX.Element {
  const { session, open, columns, colors } = props
  const [name, setName] = useState(() => session.proposedDiagramName(open))
  const typed = useRef(name)
  const [stage, setStageShown] = useState<Stage>('name')
  const stageNow = useRef<Stage>('name')
  const setStage = (next: Stage): void => {
    stageNow.current = next
    setStageShown(next)
  }
  const [message, setMessage] = useState<string | null>(null)
  const editor = useEditor(session.engine.env)
  const abort = useRef<AbortController | null>(null)
  useEffect(() => () => abort.current?.abort(), [])

  const fail = (failure: unknown): void =>
    props.onDone({
      added: null,
      message: failure instanceof Error ? failure.message : String(failure),
    })

  const start = async (chosen: string): Promise<void> => {
    const problem = await newDiagramProblem(open, chosen)
    if (problem) {
      setMessage(problem)
      setStage('name')
      return
    }
    setStage('editing')
    const controller = new AbortController()
    abort.current = controller
    const made = await session.engine.newArtifact({
      file: open.path,
      name: chosen,
      signal: controller.signal,
    })
    if (made.kind === 'saved') props.onDone(await commentDiagram(session, open, made.ref))
    else if (made.kind === 'fallback') {
      const outcome = await newDiagramInEditor(session, open, chosen, editor)
      props.onDone(
        made.reason === 'no-editor'
          ? { ...outcome, message: `${made.message} Used $EDITOR. ${outcome.message}` }
          : outcome,
      )
    } else props.onDone({ added: null, message: made.message })
  }

  useKeys((input, key) => {
    if (stageNow.current === 'editing') {
      // Only the artifact editor runs alongside the screen ($EDITOR has the terminal to itself).
      if (key.escape || (key.ctrl && input === 'c')) abort.current?.abort()
      return
    }
    if (stageNow.current !== 'name') return
    const edit = (change: (before: string) => string): void => {
      typed.current = change(typed.current)
      setName(typed.current)
      setMessage(null)
    }
    if (key.escape) props.onDone({ added: null, message: 'No diagram added.' })
    else if (key.return) {
      setStage('checking')
      start(typed.current.trim()).catch(fail)
    } else if (key.backspace || key.delete)
      edit((before) => Array.from(before).slice(0, -1).join(''))
    else if (key.ctrl && input === 'u') edit(() => '')
    else if (input && !key.ctrl && !key.meta && input >= ' ') edit((before) => before + input)
  })

  const help =
    stage === 'editing'
      ? 'Waiting for the editor: save and close it to add the diagram. Esc stops the artifact editor.'
      : 'Enter opens the editor · Backspace / Ctrl-U edit the name · Esc cancels'
  return (
    <Box flexDirection="column">
      <Text bold inverse>
        {fit(`New diagram for ${open.view.title ?? open.path}`, columns)}
      </Text>
      <Text>{fit('File name (saved in diagrams/ beside the discussion):', columns)}</Text>
      <Text bold>{fit(`  ${name}${stage === 'name' ? '▏' : ''}`, columns)}</Text>
      <Text> </Text>
      {(message === null ? [] : wrap(message, columns)).map((line, index) => (
        <Text key={index} {...tint('yellow', colors)}>
          {line}
        </Text>
      ))}
      {wrap(help, columns).map((line, index) => (
        <Text key={`help-${index}`} dimColor>
          {line}
        </Text>
      ))}
    </Box>
  )
}
