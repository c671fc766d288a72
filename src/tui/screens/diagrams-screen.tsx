import { Box, Text, useInput } from 'ink'
import { useEffect, useState } from 'react'

import type { DiagramPreview, OpenDiscussion, TuiSession } from '../session.js'
import { runEditor } from '../terminal.js'
import { tint } from '../theme.js'
import { fit } from '../view-model/text.js'

/** The discussion's diagrams; the selected one previewed as text art or source; e edits it. */
export function DiagramsScreen(props: {
  session: TuiSession
  open: OpenDiscussion
  columns: number
  rows: number
  colors: boolean
  onBack: () => void
}): React.JSX.Element {
  const { session, open, columns, rows, colors } = props
  const diagrams = [...new Set(open.view.diagrams.map((diagram) => diagram.path))]
  const [cursor, setCursor] = useState(0)
  const [preview, setPreview] = useState<DiagramPreview | null>(null)
  const [message, setMessage] = useState<string | null>(null)
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
  const previewHeight = Math.max(1, rows - 5 - listHeight)
  useInput((input, key) => {
    setMessage(null)
    if (key.upArrow) setCursor(Math.max(0, cursor - 1))
    else if (key.downArrow) setCursor(Math.min(diagrams.length - 1, cursor + 1))
    else if (key.pageDown || input === ' ') setScroll(scroll + previewHeight - 1)
    else if (key.pageUp) setScroll(Math.max(0, scroll - previewHeight + 1))
    else if ((input === 'e' || key.return) && selected !== undefined) {
      const file = session.diagramFile(open, selected)
      if (!file) setMessage('Refused: this diagram points outside the discussion folder.')
      else {
        setMessage(runEditor(file, session.engine.env) ?? 'Saved diagrams show here at once.')
        setVersion(version + 1)
      }
    } else if (key.escape || input === 'b' || input === 'd' || input === 'q') props.onBack()
  })

  const previewLines = (preview?.text ?? 'Rendering…').split('\n')
  const top = cursor < listHeight ? 0 : cursor - listHeight + 1
  return (
    <Box flexDirection="column">
      <Text bold inverse>
        {fit(`Diagrams of ${open.view.title ?? open.path} (${diagrams.length})`, columns)}
      </Text>
      {diagrams.length === 0 && (
        <Text>{fit('No diagrams yet: a comment adds one with a DIAGRAM: line.', columns)}</Text>
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
      <Text dimColor={message === null}>
        {fit(message ?? '↑/↓ choose · PgUp/PgDn scroll · e edit in $EDITOR · Esc back', columns)}
      </Text>
    </Box>
  )
}
