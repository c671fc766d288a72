import { Alert, Button, Group, Text, Title } from '@mantine/core'
import { IconPlayerPlay, IconRepeat } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import type { RunCapsInfo } from '@shared/contract'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { useRequest } from '../../api/useRequest'
import { navigate } from '../../lib/route'
import { notifyError } from '../../notify'
import { FAILURE_COLOUR, INFO_COLOUR } from '../../lib/colours'
import { ResumeRunDialog } from '../Budget/ResumeRunDialog'
import { CancelRunButton } from '../CancelRunButton/CancelRunButton'
import { FoldToggle } from '../ResizablePanel/FoldToggle'
import { ResizablePanel } from '../ResizablePanel/ResizablePanel'
import { AskAgainDialog } from './AskAgainDialog'
import { describeSettings } from './council-format'
import { adoptCouncilRun, adoptRecordedProgress, IDLE, reduceLive } from './council-live'
import type { CouncilLive } from './council-live'
import { CouncilStages } from './CouncilStages'
import classes from './CouncilView.module.css'

export interface CouncilViewProps {
  path: string
  /** Changes when the file changed: the view reads the council again. */
  version: number
  /** Hears the status the view shows (RUNNING while a run goes on), so the header agrees. */
  onStatusChange?: (status: string | null) => void
}

/**
 * A council above its comments: Resume, Cancel and Ask again; the synthesis first, then every
 * stage as a tab with each member's answer in full (streaming while it is written), the ranking's
 * ballots beside their aggregate, and calls, tokens, cost and time per stage. The panel folds
 * away and resizes by its handle, and never takes the thread's room.
 */
export function CouncilView({ path, version, onStatusChange }: CouncilViewProps): ReactNode {
  const api = useApi()
  const [live, setLive] = useState<CouncilLive>(IDLE)
  const [busy, setBusy] = useState(false)
  const [open, setOpen] = useState(true)
  const [askingAgain, setAskingAgain] = useState(false)
  const [resuming, setResuming] = useState(false)
  const { data: info, reload } = useRequest(path, () => call(api.councils.read({ path })), version)

  useEffect(
    () =>
      api.events.councils.progress((progress) => {
        if (progress.path !== path) return
        setLive((current) => reduceLive(current, progress))
        if (progress.kind !== 'event') reload()
      }),
    [api, path, reload],
  )

  // A view opened mid-run starts from the backend's record of the run, then follows the events.
  const running = info?.running ?? null
  const recorded = info?.progress ?? null
  useEffect(() => {
    if (running && recorded) setLive((current) => adoptRecordedProgress(current, running, recorded))
  }, [running, recorded])

  // A read that still saw a run this view has seen finish does not bring it back.
  const runId = !info
    ? null
    : (live.runId ?? (info.running && !live.finished.includes(info.running) ? info.running : null))
  const status = !info ? null : runId ? 'RUNNING' : info.status
  useEffect(() => onStatusChange?.(status), [onStatusChange, status])
  useEffect(() => () => onStatusChange?.(null), [onStatusChange])

  if (!info) return null
  const resume = (caps: RunCapsInfo): void => {
    setBusy(true)
    call(api.councils.resume({ path, caps }))
      .then(({ runId: id }) => {
        setResuming(false)
        setLive((current) => adoptCouncilRun(current, id))
      })
      .catch((error: unknown) =>
        notifyError(error instanceof Error ? error.message : String(error)),
      )
      .finally(() => setBusy(false))
  }
  const cancel = (): void => {
    if (runId) void call(api.councils.cancel({ runId })).catch(() => {})
  }

  return (
    <div className={classes.frame} data-testid="council-view" data-status={status ?? ''}>
      <Group justify="space-between" wrap="nowrap" px="md" py={6}>
        <Group gap="xs" miw={0} wrap="nowrap">
          <Title order={5}>Council</Title>
          <Text size="xs" c="dimmed" truncate>
            {describeSettings(info)}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          {runId ? (
            <CancelRunButton onCancel={cancel} testId="council-cancel" />
          ) : (
            !info.complete && (
              <Button
                size="xs"
                leftSection={<IconPlayerPlay size={14} />}
                loading={busy}
                onClick={() => setResuming(true)}
                data-testid="council-resume"
              >
                Resume
              </Button>
            )
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRepeat size={14} />}
            onClick={() => setAskingAgain(true)}
          >
            Ask again
          </Button>
          <FoldToggle open={open} onToggle={() => setOpen((value) => !value)} what="the council" />
        </Group>
      </Group>
      {open && (
        <ResizablePanel
          name="council"
          label="Resize the council panel"
          regionLabel="Council"
          className={classes.panel}
        >
          {live.ended && (
            <Alert
              color={live.cancelled ? INFO_COLOUR : FAILURE_COLOUR}
              p="xs"
              mb="sm"
              data-testid="run-ended"
            >
              <Text size="sm">{live.ended}</Text>
            </Alert>
          )}
          <CouncilStages info={info} live={live} />
        </ResizablePanel>
      )}
      <ResumeRunDialog
        opened={resuming}
        title="Resume the council"
        explanation="Only the calls the council has not answered yet are made; the answers in its file stay as they are."
        action="Resume council"
        path={path}
        estimate={(caps) => api.councils.resumeEstimate({ path, caps })}
        busy={busy}
        onClose={() => setResuming(false)}
        onResume={resume}
        testId="council-resume-start"
      />
      <AskAgainDialog
        opened={askingAgain}
        info={info}
        onClose={() => setAskingAgain(false)}
        onStarted={(next) => {
          setAskingAgain(false)
          navigate({ view: 'discussion', path: next, comment: null })
        }}
      />
    </div>
  )
}
