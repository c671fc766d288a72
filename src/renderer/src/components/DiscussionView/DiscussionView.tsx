import { Alert, Box, Center, Loader, Text } from '@mantine/core'
import { useElementSize, useHotkeys } from '@mantine/hooks'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'

import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { useRequest } from '../../api/useRequest'
import { useEscapeLayer, modalLayerOpen } from '../../lib/layers'
import { guiText } from '../../lib/gui-text'
import { commentIndexForLine } from '../../lib/lines'
import { CommentList } from '../CommentList/CommentList'
import { CouncilView } from '../Council/CouncilView'
import { DebateView } from '../Debate/DebateView'
import { DiscussionControls } from '../DiscussionControls/DiscussionControls'
import { DiagramsButton, DiagramsProvider } from '../Diagrams/DiagramsProvider'
import { ExportMenu } from '../Export/ExportMenu'
import { DemoBanner } from '../Providers/DemoBanner'
import type { CommentListHandle } from '../CommentList/CommentList'
import { FindBar } from '../FindBar/FindBar'
import { useFind } from '../FindBar/useFind'
import { JumpPanel } from '../Jumps/JumpPanel'
import { useJumps } from '../Jumps/useJumps'
import { useOpenLink } from '../LinkConfirm/LinkProvider'
import { useActions } from '../Palette/actions'
import { useTurnThread } from '../RunTurn/useTurnThread'
import { SidePanel } from '../SidePanel/SidePanel'
import { DiscussionBody } from './DiscussionBody'
import { DiscussionHeader } from './DiscussionHeader'
import { useCommentSteps } from './useCommentSteps'
import { inEveryPhase } from './in-every-phase'
import { useOpenAtComment } from './useOpenAtComment'
import classes from './DiscussionView.module.css'

/** A debate's phases that are outcomes rather than steps. */
const DEBATE_OUTCOMES = ['decided', 'escalated']

export interface DiscussionViewProps {
  path: string
  /** The comment the address names (`?comment=N`, numbered as `parse` numbers them). */
  comment?: number | null
  /** Changes when the file should be read again (R, or a change on disk). */
  version: number
  onBack: () => void
}

/** The find bar's distance from the thread's top (DiscussionView.module.css) and a gap below it. */
const FIND_BAR_MARGIN = 16

/** One discussion: header with phases and participants, the comments, and the side panel. */
export function DiscussionView({
  path,
  comment = null,
  version,
  onBack,
}: DiscussionViewProps): ReactNode {
  const api = useApi()
  const openLink = useOpenLink()
  const list = useRef<CommentListHandle>(null)
  // Read again on a change on disk (version) and whenever the turn saved an answer (turnReads),
  // so an answer becomes its comment even when the file watcher is slow to tell.
  const [turnReads, setTurnReads] = useState(0)
  const { data: detail, error } = useRequest(
    path,
    () => call(api.discussions.read({ path })),
    version + turnReads,
  )
  const [jumped, setJumped] = useState<number | null>(null)
  const find = useFind(detail, list)
  // The find bar floats over the thread's top: a match is scrolled to below it, never under it.
  const findBar = useElementSize()
  useOpenAtComment(detail, comment, list, setJumped)
  useCommentSteps(detail?.comments.length ?? 0, jumped, list, setJumped)
  const jumps = useJumps(detail, jumped, (index) => {
    list.current?.scrollToComment(index)
    setJumped(index)
  })
  const [turnRunning, setTurnRunning] = useState(false)
  // The comment count when the person added one: the list follows until it has arrived.
  const [awaitingComment, setAwaitingComment] = useState<number | null>(null)
  useEffect(() => {
    if (awaitingComment !== null && detail && detail.comments.length > awaitingComment)
      setAwaitingComment(null)
  }, [detail, awaitingComment])
  const following = turnRunning || awaitingComment !== null
  // A council's or debate's view knows when it runs; the header shows the same status.
  const [protocolStatus, setProtocolStatus] = useState<string | null>(null)
  const thread = useTurnThread(detail, path, openLink)
  useEffect(() => {
    if (thread.saved !== '') setTurnReads((n) => n + 1)
  }, [thread.saved])

  // Ctrl+F works from a field too (the browser's own find cannot see a virtualized list), but
  // not under a dialog; Esc closes the bar when nothing is above it.
  useHotkeys([['mod+F', () => !modalLayerOpen() && find.show()]], [])
  useEscapeLayer(find.open, find.close, { modal: false })
  useActions([
    {
      id: 'discussion.find',
      title:
        'Find in the discussion, as discussions search does (Enter or ↓: next, Shift+Enter or ↑: previous)',
      group: 'Discussion',
      keys: ['Mod', 'F'],
      run: find.show,
    },
    {
      // The list itself answers End (useHotkeys there); listed here with its key.
      id: 'comments.newest',
      title: 'The newest comment, following new answers again',
      group: 'Comments',
      keys: ['End'],
      run: () => list.current?.scrollToEnd(),
    },
  ])

  const roles = useMemo(
    () => new Map((detail?.participants ?? []).map((p) => [p.name, p.role] as const)),
    [detail],
  )
  const jump = useCallback(
    (line: number): void => {
      if (!detail) return
      const index = commentIndexForLine(detail.comments, line)
      if (index < 0) return
      list.current?.scrollToComment(index)
      setJumped(index)
    },
    [detail],
  )

  // Councils and debates run on their own machinery: no ordinary turn, vote tally or Advance.
  const protocol =
    detail?.template === 'council' || detail?.template === 'debate' ? detail.template : null

  // A council's stages and a debate's rounds are not phases whose votes lapse: no comment of
  // theirs is "from an earlier phase".
  const comments = useMemo(
    () => (protocol === null ? detail?.comments : detail?.comments.map(inEveryPhase)),
    [detail?.comments, protocol],
  )

  // Streamed text re-renders this view many times a second: the parts that do not change with it
  // (the side panel over every comment, the discussion's own text) are kept as they were.
  const votes = protocol === null
  const side = useMemo(
    () =>
      detail ? (
        <SidePanel
          detail={detail}
          onJump={jump}
          votes={votes}
          jumps={<JumpPanel jumps={jumps} />}
        />
      ) : null,
    [detail, jump, votes, jumps],
  )
  const body = useMemo(
    () => (detail ? <DiscussionBody text={detail.body} onOpenLink={openLink} /> : null),
    [detail?.body, openLink],
  )

  if (!detail)
    return error ? (
      <Center h="100%" p="xl">
        <Alert color="red" title="This discussion could not be opened" maw={560}>
          {error}
        </Alert>
      </Center>
    ) : (
      <Center h="100%">
        <Loader />
      </Center>
    )

  return (
    <DiagramsProvider path={detail.path} version={version}>
      <div className={classes.layout}>
        <Box className={classes.header}>
          <DiscussionHeader
            detail={detail}
            status={protocolStatus ?? detail.status}
            onBack={onBack}
            onFind={find.show}
            votes={protocol === null}
            outcomes={protocol === 'debate' ? DEBATE_OUTCOMES : []}
            actions={
              <>
                {protocol === null && (
                  <DiscussionControls
                    detail={detail}
                    onRunningChange={setTurnRunning}
                    onCommentAdded={() => setAwaitingComment(detail.comments.length)}
                  />
                )}
                <DiagramsButton />
                <ExportMenu path={detail.path} />
              </>
            }
          />
          <DemoBanner
            folder={detail.path.replace(/[\\/][^\\/]*$/, '')}
            version={version}
            path={detail.path}
          />
          {detail.problems.map((problem) => (
            <Alert key={problem} color="yellow" mx="md" mt="xs" p="xs">
              <Text size="sm">{guiText(problem)}</Text>
            </Alert>
          ))}
          {detail.template === 'debate' && (
            <DebateView path={detail.path} version={version} onStatusChange={setProtocolStatus} />
          )}
          {detail.template === 'council' && (
            <CouncilView path={detail.path} version={version} onStatusChange={setProtocolStatus} />
          )}
        </Box>
        <div className={classes.comments}>
          {find.open && (
            <div className={classes.findBar} ref={findBar.ref}>
              <FindBar
                query={find.query}
                onQueryChange={find.setQuery}
                current={find.position}
                total={find.hits.length}
                comment={find.comment}
                noWords={find.query.trim() !== '' && find.words.length === 0}
                failure={find.failure}
                searching={find.pending}
                focusRequests={find.focusRequests}
                onNext={find.next}
                onPrevious={find.previous}
                onClose={find.close}
              />
            </div>
          )}
          <CommentList
            ref={list}
            path={detail.path}
            comments={comments ?? detail.comments}
            roles={roles}
            activeIndex={find.open ? find.comment : jumped}
            findQuery={find.open ? find.words.join(' ') : ''}
            onOpenLink={openLink}
            follow={following}
            tail={thread.tail}
            notes={thread.notes}
            activity={thread.activity}
            header={body}
            clearTop={find.open ? findBar.height + FIND_BAR_MARGIN : 0}
          />
        </div>
        <div className={classes.side}>{side}</div>
      </div>
    </DiagramsProvider>
  )
}
