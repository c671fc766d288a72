import { Box, useApp, useInput } from 'ink'
import type { Key } from 'ink'

import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import { KeyRouter, KeyRouterContext, splitKeys, useLastInput, withBackspace } from './keys.js'
import { AdvanceScreen } from './screens/advance-screen.js'
import { BrowseScreen } from './screens/browse-screen.js'
import { CommentScreen } from './screens/comment-screen.js'
import { DiagramsScreen } from './screens/diagrams-screen.js'
import { HelpScreen } from './screens/help-screen.js'
import { Notice } from './screens/notice.js'
import { NewDiagramScreen } from './screens/new-diagram-screen.js'
import { ReadingScreen } from './screens/reading-screen.js'
import { TurnPicker } from './screens/turn-picker.js'
import type { TurnRequest } from './screens/turn-picker.js'
import { TurnScreen } from './screens/turn-screen.js'
import type { LostChanges, OpenDiscussion, TuiSession } from './session.js'
import { tint } from './theme.js'
import { copyToClipboard } from './terminal.js'
import { useFileFollow } from './use-file-follow.js'
import { useKeptPlaces } from './use-kept-places.js'
import { useReadBefore } from './use-read-before.js'
import { useTerminalSize } from './use-terminal-size.js'
import { lostQuestion, restoredNote } from './view-model/restore.js'
import { wrap } from './view-model/text.js'
import { Text } from './safe-text.js'

type Screen =
  | 'browse'
  | 'read'
  | 'choose'
  | 'turn'
  | 'comment'
  | 'advance'
  | 'diagrams'
  | 'new-diagram'
  | 'help'

/** How long a status message stays on the reading screen before the key hints alone are shown. */
const MESSAGE_MS = 6000

/** Too small to draw anything useful: say so instead of drawing garbage. */
const MIN_COLUMNS = 30
const MIN_ROWS = 8

export function App(props: {
  session: TuiSession
  file: string | null
  /** The comment to open `file` at (numbered as `parse` numbers them); null for the top. */
  at: number | null
  colors: boolean
}): React.JSX.Element {
  const { session, colors } = props
  const { exit } = useApp()
  const { columns, rows: terminalRows } = useTerminalSize()
  const router = useMemo(() => new KeyRouter(), [])
  const [screen, setScreen] = useState<Screen>(props.file === null ? 'browse' : 'read')
  // The screen shown now, known at once by the key that changes it and by the next key.
  const shown = useRef<Screen>(screen)
  const [helpReturn, setHelpReturn] = useState<Screen>('browse')
  const [path, setPath] = useState<string | null>(props.file)
  const [open, setOpen] = useState<OpenDiscussion | null>(null)
  // Whether the discussion to read is still opening (set as each draw finds it).
  const opening = useRef(false)
  const [message, setMessage] = useState<string | null>(null)
  // The quote a reply starts from, while the comment screen is open for it.
  const [quote, setQuote] = useState('')
  const [request, setRequest] = useState<TurnRequest>({
    participants: [],
    callout: '',
    provider: '',
  })
  // The diagram just added, chosen on the diagrams screen once it is listed.
  const [added, setAdded] = useState<string | null>(null)
  // What an older copy saved over the open file took away, while the person is asked about it.
  const [lost, setLostShown] = useState<LostChanges | null>(null)
  const asking = useRef<LostChanges | null>(null)
  const places = useKeptPlaces(
    session.engine.cwd,
    props.file !== null && props.at !== null ? { file: props.file, at: props.at } : null,
  )
  const declined = useRef(new Set<string>())
  const setLost = (changes: LostChanges | null): void => {
    asking.current = changes
    setLostShown(changes)
  }

  const go = (next: Screen): void => {
    if (shown.current !== next) router.leave()
    shown.current = next
    setScreen(next)
  }

  // The discussion shown, for a reload to know whether it already shows the whole file.
  const shownOpen = useRef<OpenDiscussion | null>(null)
  const loads = useRef(0)
  shownOpen.current = open
  const reload = useCallback(() => {
    if (path === null) return
    // A long file shows its head first, unless the whole of it is shown already (a reload after
    // a change keeps the whole file on screen until the new one is parsed).
    const whole = shownOpen.current?.path === path && shownOpen.current.complete
    // Only the latest open may show what it read (an older one may end after it).
    const load = ++loads.current
    const show = (opened: OpenDiscussion): boolean => {
      if (load === loads.current) setOpen(opened)
      return load === loads.current
    }
    session
      .open(path, whole ? undefined : show)
      .then(async (opened) => {
        if (!show(opened)) return
        const changes = await session.lostChanges(opened)
        if (changes === null || declined.current.has(changes.key)) return
        if (changes.authors.length > 0 || changes.phase?.restored) setLost(changes)
        else if (changes.phase) {
          // Nothing to restore: the file moved on to another phase; said once.
          declined.current.add(changes.key)
          setMessage(lostQuestion(changes).join(' '))
        }
      })
      .catch((failure: unknown) => {
        if (load === loads.current)
          setMessage(failure instanceof Error ? failure.message : String(failure))
      })
  }, [session, path])
  useEffect(reload, [reload])
  // A status message on an open discussion goes after a while; a failure to open stays.
  useEffect(() => {
    if (message === null || open === null) return
    const timer = setTimeout(
      () => setMessage((current) => (current === message ? null : current)),
      MESSAGE_MS,
    )
    return () => clearTimeout(timer)
  }, [message, open])
  useFileFollow(path === null ? null : { file: path }, reload)
  const readBefore = useReadBefore(session, open)

  const stopOpening = (): void => {
    loads.current += 1
    session.stopOpening()
  }
  const quit = (): void => {
    stopOpening()
    session.stopSpeaking()
    exit()
  }
  const help = (from: Screen): void => {
    setHelpReturn(from)
    go('help')
  }
  const back = (note: string | null = null): void => {
    setMessage(note)
    go('read')
    reload()
  }
  const answerLost = (input: string, key: Key): void => {
    const changes = asking.current
    if (!changes) return
    if (input === 'y') {
      setLost(null)
      session.restore(changes.path).then(
        (restored) => setMessage(restoredNote(restored)),
        (failure: unknown) =>
          setMessage(
            `Could not restore: ${failure instanceof Error ? failure.message : String(failure)}`,
          ),
      )
    } else if (input === 'n' || key.escape) {
      declined.current.add(changes.key)
      setLost(null)
      setMessage('Left as it is. The journal keeps what was lost for a day.')
    }
  }

  // The one input handler: the restore question and Ctrl-C first, then the screen shown now.
  const onKey = useRef<(input: string, key: Key) => void>(() => undefined)
  onKey.current = (input, key) => {
    if (asking.current && !(key.ctrl && input === 'c')) answerLost(input, key)
    else if (shown.current === 'read' && opening.current && (input === 'q' || key.escape)) {
      // A long file may take a while to open: q and Esc never wait for it.
      opening.current = false
      if (input === 'q') quit()
      else {
        stopOpening()
        setPath(null)
        go('browse')
      }
    } else if (
      key.ctrl &&
      input === 'c' &&
      !['turn', 'comment', 'new-diagram'].includes(shown.current)
    )
      quit()
    else router.dispatch(input, key)
  }
  const lastInput = useLastInput()
  const handleKey = useCallback(
    (input: string, key: Key) => {
      const named = withBackspace(key, lastInput.current)
      for (const single of splitKeys(input, named)) onKey.current(single.input, single.key)
    },
    [lastInput],
  )
  useInput(handleKey)

  opening.current = path !== null && open === null && message === null
  // One row less than the terminal: a frame as tall as the screen makes Ink redraw it whole.
  const question = lost === null ? [] : lostQuestion(lost).flatMap((line) => wrap(line, columns))
  const rows = terminalRows - 1 - question.length

  const common = { columns, rows, colors }
  let body: React.JSX.Element
  if (columns < MIN_COLUMNS || rows < MIN_ROWS)
    body = (
      <Notice
        text={`Make the terminal at least ${MIN_COLUMNS}x${MIN_ROWS + question.length}.`}
        columns={columns}
        onQuit={quit}
      />
    )
  else if (screen === 'help')
    body = <HelpScreen columns={columns} rows={rows} onClose={() => go(helpReturn)} />
  else if (screen === 'browse' || path === null)
    body = (
      <BrowseScreen
        session={session}
        {...common}
        onOpen={(chosen, at) => {
          if (at !== undefined && at !== null) places.openAt(chosen, at)
          setOpen(null)
          setMessage(null)
          setPath(chosen)
          go('read')
        }}
        onQuit={quit}
        onHelp={() => help('browse')}
      />
    )
  else if (open === null)
    body = (
      <Notice
        text={message ?? `Opening ${path}… (q quits, Esc goes back)`}
        columns={columns}
        // Keys typed while it opens wait for the discussion (q and Esc act at once: onKey).
        active={message !== null}
        onQuit={quit}
        onBack={() => {
          setPath(null)
          setMessage(null)
          go('browse')
        }}
      />
    )
  else if (screen === 'choose')
    body = (
      <TurnPicker
        session={session}
        path={open.path}
        candidates={open.view.participants}
        {...common}
        onRun={(chosen) => {
          setRequest(chosen)
          go('turn')
        }}
        onCancel={() => back()}
      />
    )
  else if (screen === 'turn')
    body = (
      <TurnScreen
        session={session}
        path={open.path}
        participants={request.participants}
        callout={request.callout}
        provider={request.provider}
        {...common}
        onClose={(note) => back(note)}
      />
    )
  else if (screen === 'comment')
    body = (
      <CommentScreen
        author={session.engine.userName}
        initial={quote}
        env={session.engine.env}
        {...common}
        onSave={async (text, vote) => {
          await session.engine.addComment(open.path, { text, vote })
          setQuote('')
          back(`Comment saved${vote ? ` with ${vote}` : ''}.`)
          return null
        }}
        onCancel={() => {
          setQuote('')
          back()
        }}
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
    body = (
      <DiagramsScreen
        session={session}
        open={open}
        {...common}
        message={message}
        focus={added}
        onBack={() => back()}
        onNew={() => {
          setMessage(null)
          go('new-diagram')
        }}
      />
    )
  else if (screen === 'new-diagram')
    body = (
      <NewDiagramScreen
        session={session}
        open={open}
        {...common}
        onDone={(outcome) => {
          setMessage(outcome.message)
          setAdded(outcome.added)
          go('diagrams')
          reload()
        }}
      />
    )
  else
    body = (
      <ReadingScreen
        open={open}
        kept={places.of(open.path)}
        readBefore={readBefore}
        {...common}
        message={message}
        onBack={() => {
          stopOpening()
          setPath(null)
          setOpen(null)
          setMessage(null)
          go('browse')
        }}
        onQuit={quit}
        onHelp={() => help('read')}
        onRun={() => go('choose')}
        onComment={() => go('comment')}
        onAdvance={() => go('advance')}
        onDiagrams={() => {
          setMessage(null)
          go('diagrams')
        }}
        onCopy={(markdown) => {
          copyToClipboard(markdown)
          setMessage("Copied the comment as markdown to the terminal's clipboard (OSC 52).")
        }}
        onQuote={(quote) => {
          setQuote(quote)
          go('comment')
        }}
        onSpeak={(text) => {
          if (session.stopSpeaking()) setMessage('Stopped reading aloud.')
          else if (text === '') setMessage('Scroll to a comment to read it aloud.')
          else setMessage(session.speak(text, setMessage))
        }}
      />
    )
  return (
    <KeyRouterContext.Provider value={router}>
      <Box flexDirection="column" width={columns} height={terminalRows - 1}>
        <Box flexDirection="column" height={Math.max(1, rows)}>
          {body}
        </Box>
        {question.map((line, index) => (
          <Text key={index} bold {...tint('yellow', colors)}>
            {line}
          </Text>
        ))}
      </Box>
    </KeyRouterContext.Provider>
  )
}
