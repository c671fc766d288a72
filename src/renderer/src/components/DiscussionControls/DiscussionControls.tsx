import { Button, Group, Tooltip } from '@mantine/core'
import { IconArrowRight, IconMessagePlus, IconPlayerPlay } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import type { DiscussionDetail } from '@shared/contract'
import { useComposeRequests } from '../../lib/compose-request'
import { Composer } from '../Composer/Composer'
import { useActions } from '../Palette/actions'
import { usePanels } from '../Panels/PanelsContext'
import { PhaseAdvanceDialog } from '../PhaseAdvance/PhaseAdvanceDialog'
import { RunTurnDialog } from '../RunTurn/RunTurnDialog'
import { SummaryControls } from '../Summary/SummaryControls'
import { useTurn } from '../RunTurn/useTurn'

export interface DiscussionControlsProps {
  detail: DiscussionDetail
  /** Told when a turn starts and ends, so the list follows the new answers meanwhile. */
  onRunningChange: (running: boolean) => void
  /** A comment was added here: the list shows it once the file is read again. */
  onCommentAdded: () => void
}

/** Run turn (T), Comment (C) and Advance, and their dialogs; the turn itself shows in the thread. */
export function DiscussionControls({
  detail,
  onRunningChange,
  onCommentAdded,
}: DiscussionControlsProps): ReactNode {
  const panels = usePanels()
  const [dialog, setDialog] = useState<'turn' | 'comment' | 'advance' | null>(null)
  const { running, started } = useTurn(detail.path)
  useEffect(() => onRunningChange(running), [running, onRunningChange])

  const canAdvance = detail.phases.length > 0
  useActions([
    {
      id: 'discussion.turn',
      title: 'Run a turn: choose who answers, then watch them answer live',
      group: 'Discussion',
      keys: ['T'],
      shortcut: 't',
      enabled: () => !running,
      run: () => setDialog((open) => open ?? 'turn'),
    },
    {
      id: 'discussion.comment',
      title: 'Add a comment, with an optional vote (the draft is kept)',
      group: 'Discussion',
      keys: ['C'],
      shortcut: 'c',
      run: () => setDialog((open) => open ?? 'comment'),
    },
    {
      id: 'discussion.advance',
      title: 'Advance: move to the next phase, or a chosen one',
      group: 'Discussion',
      keys: ['A'],
      shortcut: 'a',
      enabled: () => canAdvance,
      run: () => setDialog((open) => open ?? 'advance'),
    },
    {
      id: 'composer.send',
      title: 'Add the comment being written (in the composer)',
      group: 'Composer',
      keys: ['Mod', 'Enter'],
    },
  ])
  useComposeRequests(() => setDialog((open) => open ?? 'comment'))

  return (
    <>
      <Group gap={6} wrap="nowrap">
        <Tooltip label="Ask the participants to answer (T)">
          {/* Disabled in look only while a turn runs: focus stays on it when the dialog closes
              (a disabled button would drop it to the page) and the tooltip still explains. */}
          <Button
            size="sm"
            leftSection={<IconPlayerPlay size={16} />}
            onClick={() => !running && setDialog('turn')}
            data-disabled={running || undefined}
            aria-disabled={running || undefined}
          >
            Run turn
          </Button>
        </Tooltip>
        <Tooltip label="Add your own comment and vote (C)">
          <Button
            size="sm"
            variant="default"
            leftSection={<IconMessagePlus size={16} />}
            onClick={() => setDialog('comment')}
          >
            Comment
          </Button>
        </Tooltip>
        <Tooltip label="Move to the next phase, or a chosen one (A)">
          <Button
            size="sm"
            variant="default"
            leftSection={<IconArrowRight size={16} />}
            onClick={() => setDialog('advance')}
            disabled={detail.phases.length === 0}
          >
            Advance
          </Button>
        </Tooltip>
        <SummaryControls path={detail.path} commentCount={detail.comments.length} />
      </Group>
      <RunTurnDialog
        opened={dialog === 'turn'}
        path={detail.path}
        onClose={() => setDialog(null)}
        onStarted={(turnId, aliases, request) => {
          setDialog(null)
          started(turnId, aliases, request)
        }}
        onProviders={() => {
          setDialog(null)
          panels.openProviders()
        }}
      />
      <Composer
        opened={dialog === 'comment'}
        path={detail.path}
        onClose={() => setDialog(null)}
        onAdded={onCommentAdded}
        participants={detail.participants}
      />
      <PhaseAdvanceDialog
        opened={dialog === 'advance'}
        detail={detail}
        onClose={() => setDialog(null)}
      />
    </>
  )
}
