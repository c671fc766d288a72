import { Box } from 'ink'
import { useEffect, useRef, useState } from 'react'

import { useKeys } from '../keys.js'
import type { DiagramPreview, OpenDiscussion, TuiSession } from '../session.js'
import { useEditor } from '../use-editor.js'
import { tint } from '../theme.js'
import { fit, wrap } from '../view-model/text.js'
import { Text } from '../safe-text.js'

const MESSAGE_LINES = 4

/**
 * The discussion's diagrams; the selected one previewed as text art or source; e edits it, n
 * adds a new one.
 */
export function DiagramsScreen(props: {
  session: TuiSession
  open: OpenDiscussion
  columns: number
  rows: number
  colors: boolean
  /** Said at the bottom until the next key (what a new diagram came to, say). */
  message: string | null
  /** The diagram to choose once the discussion lists it (the one just added). */
  focus: string | null
  onBack: () => void
  onNew: () => void
}): React.JSX.Element {
  const { session, open, columns, rows, colors } = props
  const diagrams = [...new Set(open.view.diagrams.map((diagram) => diagram.path))]
  const [cursor, setCursor] = useState(0)
  const at = useRef(cursor)
  // A diagram just added shows once the reloaded discussion lists it.
  const focused = useRef(false)
  const focusAt = props.focus === null ? -1 : diagrams.indexOf(props.focus)
  useEffect(() => {
    if (focusAt < 0 || focused.current) return
    focused.current = true
    at.current = focusAt
    setCursor(focusAt)
  }, [focusAt])
  const [preview, setPreview] = useState<DiagramPreview | null>(null)
  const [message, setMessage] = useState<string | null>(props.message)
  const editor = useEditor(session.engine.env)
  const [scroll, setScroll] = useState(0)
  const [version, setVersion] = useState(0)
  const selected = diagrams[cursor]

  useEffect(() => {
    if (selected === undefined) return
    let current = true
    setPreview(null)
    setScroll(0)
    session.preview(open, selected).then(
      (shown) => current && setPreview(shown),
      (failure: unknown) =>
        current &&
        setPreview({ path: selected, kind: 'source', text: String(failure), error: true }),
    )
    return () => {
      current = false
    }
  }, [session, open, selected, version])

  const listHeight = Math.min(diagrams.length, Math.max(1, Math.floor((rows - 4) / 4)))
  // A message (why a diagram was refused, say) is shown whole, up to a few lines.
  const footer =
    message === null
      ? [fit('↑/↓ choose · PgUp/PgDn scroll · e edit in $EDITOR · n new · Esc back', columns)]
      : wrap(message, columns).slice(0, MESSAGE_LINES)
  const previewHeight = Math.max(1, rows - 4 - listHeight - footer.length)
  const choose = (index: number): void => {
    at.current = Math.max(0, Math.min(diagrams.length - 1, index))
    setCursor(at.current)
  }
  useKeys((input, key) => {
    setMessage(null)
    const chosen = diagrams[at.current]
    if (key.upArrow) choose(at.current - 1)
    else if (key.downArrow) choose(at.current + 1)
    else if (key.pageDown || input === ' ') setScroll((top) => top + previewHeight - 1)
    else if (key.pageUp) setScroll((top) => Math.max(0, top - previewHeight + 1))
    else if (input === 'n') props.onNew()
    else if ((input === 'e' || key.return) && chosen !== undefined) {
      const file = session.diagramFile(open, chosen)
      if (!file) setMessage('Refused: this diagram points outside the discussion folder.')
      else {
        setMessage(editor(file) ?? 'Saved diagrams show here at once.')
        setVersion((count) => count + 1)
      }
    } else if (key.escape || input === 'b' || input === 'd' || input === 'q') props.onBack()
  })

  const previewLines = selected === undefined ? [] : (preview?.text ?? 'Rendering…').split('\n')
  const top = cursor < listHeight ? 0 : cursor - listHeight + 1
  return (
    <Box flexDirection="column">
      <Text bold inverse>
        {fit(`Diagrams of ${open.view.title ?? open.path} (${diagrams.length})`, columns)}
      </Text>
      {diagrams.length === 0 && (
        <Text>
          {fit('No diagrams yet: n adds one (or a comment with a DIAGRAM: line).', columns)}
        </Text>
      )}
      {diagrams.slice(top, top + listHeight).map((diagram, index) => (
        <Text key={diagram} inverse={top + index === cursor}>
          {fit(diagram, columns)}
        </Text>
      ))}
      {preview !== null && (
        <Text dimColor>
          {fit(
            preview.kind === 'text-art'
              ? '── text art ──'
              : '── source (text art would be poor here) ──',
            columns,
          )}
        </Text>
      )}
      <Box flexDirection="column" height={previewHeight}>
        {previewLines.slice(scroll, scroll + previewHeight).map((line, index) => (
          <Text key={index} wrap="truncate" {...(preview?.error ? tint('red', colors) : {})}>
            {line === '' ? ' ' : fit(line, columns).trimEnd() || ' '}
          </Text>
        ))}
      </Box>
      {footer.map((line, index) => (
        <Text key={`footer-${index}`} dimColor={message === null}>
          {line}
        </Text>
      ))}
    </Box>
  )
}
