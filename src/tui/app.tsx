import { Box, Text, useApp, useInput } from 'ink'
import { useCallback, useEffect, useState } from 'react'

import { AdvanceScreen } from './screens/advance-screen.js'
import { BrowseScreen } from './screens/browse-screen.js'
import { CommentScreen } from './screens/comment-screen.js'
import { DiagramsScreen } from './screens/diagrams-screen.js'
import { HelpScreen } from './screens/help-screen.js'
import { ReadingScreen } from './screens/reading-screen.js'
import { ChooseParticipants, TurnScreen } from './screens/turn-screen.js'
import type { OpenDiscussion, TuiSession } from './session.js'
import { useFileFollow } from './use-file-follow.js'
import { useTerminalSize } from './use-terminal-size.js'
import { fit } from './view-model/text.js'

type Screen = 'browse' | 'read' | 'choose' | 'turn' | 'comment' | 'advance' | 'diagrams' | 'help'

/** Too small to draw anything useful: say so instead of drawing garbage. */
const MIN_COLUMNS = 30
const MIN_ROWS = 8

export function App(props: {
  session: TuiSession
  file: string | null
  colors: boolean
}): React.JSX.Element {
  const { session, colors } = props
  const { exit } = useApp()
  const { columns, rows: terminalRows } = useTerminalSize()
  // One row less than the terminal: a frame as tall as the screen makes Ink redraw it whole.
  const rows = terminalRows - 1
  const [screen, setScreen] = useState<Screen>(props.file === null ? 'browse' : 'read')
  const [helpReturn, setHelpReturn] = useState<Screen>('browse')
  const [path, setPath] = useState<string | null>(props.file)
  const [open, setOpen] = useState<OpenDiscussion | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const [participants, setParticipants] = useState<string[]>([])

  const reload = useCallback(() => {
    if (path === null) return
    session.open(path).then(
      (opened) => setOpen(opened),
      (failure: unknown) =>
        setMessage(failure instanceof Error ? failure.message : String(failure)),
    )
  }, [session, path])
  useEffect(reload, [reload])
  useFileFollow(path === null ? null : { file: path }, reload)

  const quit = (): void => {
    session.stopSpeaking()
    exit()
  }
  const help = (from: Screen): void => {
    setHelpReturn(from)
    setScreen('help')
  }
  const back = (note: string | null = null): void => {
    setMessage(note)
    setScreen('read')
    reload()
  }

  useInput((input, key) => {
    if (key.ctrl && input === 'c' && screen !== 'turn' && screen !== 'comment') quit()
  })

  if (columns < MIN_COLUMNS || terminalRows < MIN_ROWS)
    return <Text>{fit(`Make the terminal at least ${MIN_COLUMNS}x${MIN_ROWS}.`, columns)}</Text>

  const common = { columns, rows, colors }
  let body: React.JSX.Element
  if (screen === 'help')
    body = <HelpScreen columns={columns} onClose={() => setScreen(helpReturn)} />
  else if (screen === 'browse' || path === null)
    body = (
      <BrowseScreen
        session={session}
        {...common}
        onOpen={(chosen) => {
          setOpen(null)
          setMessage(null)
          setPath(chosen)
          setScreen('read')
        }}
        onQuit={quit}
        onHelp={() => help('browse')}
      />
    )
  else if (open === null) body = <Text>{fit(message ?? `Opening ${path}…`, columns)}</Text>
  else if (screen === 'choose')
    body = (
      <ChooseParticipants
        session={session}
        path={open.path}
        candidates={open.view.participants}
        {...common}
        onRun={(chosen) => {
          setParticipants(chosen)
          setScreen('turn')
        }}
        onCancel={() => back()}
      />
    )
  else if (screen === 'turn')
    body = (
      <TurnScreen
        session={session}
        path={open.path}
        participants={participants}
        {...common}
        onClose={(note) => back(note)}
      />
    )
  else if (screen === 'comment')
    body = (
      <CommentScreen
        author={session.engine.userName}
        env={session.engine.env}
        {...common}
        onSave={async (text, vote) => {
          await session.engine.addComment(open.path, { text, vote })
          back(`Comment saved${vote ? ` with ${vote}` : ''}.`)
          return null
        }}
        onCancel={() => back()}
      />
    )
  else if (screen === 'advance')
    body = (
      <AdvanceScreen
        session={session}
        open={open}
        {...common}
        onDone={(note) => back(note)}
        onCancel={() => back()}
      />
    )
  else if (screen === 'diagrams')
    body = <DiagramsScreen session={session} open={open} {...common} onBack={() => back()} />
  else
    body = (
      <ReadingScreen
        open={open}
        {...common}
        message={message}
        onBack={() => {
          setPath(null)
          setOpen(null)
          setMessage(null)
          setScreen('browse')
        }}
        onQuit={quit}
        onHelp={() => help('read')}
        onRun={() => setScreen('choose')}
        onComment={() => setScreen('comment')}
        onAdvance={() => setScreen('advance')}
        onDiagrams={() => setScreen('diagrams')}
        onSpeak={(text) => {
          if (session.stopSpeaking()) setMessage('Stopped reading aloud.')
          else if (text === '') setMessage('Scroll to a comment to read it aloud.')
          else void session.speak(text).then(setMessage)
        }}
      />
    )
  return (
    <Box flexDirection="column" width={columns} height={rows}>
      {body}
    </Box>
  )
}
