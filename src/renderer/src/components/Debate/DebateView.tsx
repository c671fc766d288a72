import { Alert, Badge, Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconPlayerPlay } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import { formatThreshold } from '@core/debate/threshold'
import { formatWeight } from '@core/debate/weights'
import type { DebateInfo, DebateStatus, RunCapsInfo } from '@shared/contract'
import { FAILURE_COLOUR, INFO_COLOUR } from '../../lib/colours'
import { ResumeRunDialog } from '../Budget/ResumeRunDialog'
import { CancelRunButton } from '../CancelRunButton/CancelRunButton'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { useRequest } from '../../api/useRequest'
import { readableBadgeText } from '../Badges/readable-badge'
import { notifyError } from '../../notify'
import { FoldToggle } from '../ResizablePanel/FoldToggle'
import { ResizablePanel } from '../ResizablePanel/ResizablePanel'
import { ApprovalBars } from './ApprovalBars'
import classes from './Debate.module.css'
import { adoptDebateRun, IDLE, reduceDebateLive } from './debate-live'
import type { DebateLive } from './debate-live'
import { DebateProgressGrid } from './DebateProgressGrid'
import { DecisionControls } from './DecisionControls'
import { ProposalCard } from './ProposalCard'

export interface DebateViewProps {
  path: string
  /** Changes when the file changed: the view reads the debate again. */
  version: number
  /** Hears the state the view shows (RUNNING while a run goes on), so the header agrees. */
  onStatusChange?: (status: string | null) => void
}

const STATUS_COLOURS: Record<DebateStatus, string> = {
  OPEN: 'gray',
  RUNNING: 'blue',
  CONSENSUS: 'teal',
  ESCALATED: 'orange',
  ACCEPTED: 'teal',
  REJECTED: 'red',
}

function chosenProposal(summary: DebateInfo): string | null {
  const outcome = summary.outcome
  return outcome?.kind === 'consensus' || outcome?.kind === 'accepted' ? outcome.proposal : null
}

/**
 * Where the debate stands, first in the panel: an escalated debate's decision controls are what
 * the person has to act on, so they come before the steps and tallies, in view in a short window.
 */
function Standing({
  summary,
  path,
  onDecided,
}: {
  summary: DebateInfo
  path: string
  onDecided: () => void
}): ReactNode {
  const outcome = summary.outcome
  const chosen = chosenProposal(summary)
  return (
    <Box px="md" pt="xs">
      {outcome?.kind === 'escalated' ? (
        <Alert
          color="orange"
          title={`Escalated after ${outcome.rounds} round${outcome.rounds === 1 ? '' : 's'}: you decide`}
        >
          <Stack gap="xs">
            <Text size="sm">{outcome.reason}</Text>
            <DecisionControls path={path} proposals={summary.inPlay} onDecided={onDecided} />
          </Stack>
        </Alert>
      ) : (
        <Alert color={chosen ? 'teal' : outcome?.kind === 'rejected' ? 'red' : 'blue'} p="xs">
          <Text size="sm">{summary.standing}</Text>
        </Alert>
      )}
    </Box>
  )
}

/** Weights and rules, approval per round, proposals. */
function DebateBody({ summary }: { summary: DebateInfo }): ReactNode {
  const { settings } = summary
  const chosen = chosenProposal(summary)
  return (
    <Stack gap="sm" p="md" pt="xs">
      <Text size="xs" c="dimmed">
        {summary.participants.map((p) => `@${p.alias} ${formatWeight(p.weight)}`).join(' · ')} —
        passes at {formatThreshold(settings.threshold)} of the voting weight, at most{' '}
        {settings.maxRounds === 1 ? '1 round' : `${settings.maxRounds} rounds`},{' '}
        {settings.roundTimeoutSeconds} s per step
      </Text>
      {summary.tallies.map((tally) => (
        <Box key={tally.round}>
          <Text size="sm" fw={600} mb={4}>
            Round {tally.round}: weighted approval (line: {formatThreshold(settings.threshold)})
          </Text>
          <ApprovalBars tally={tally} threshold={settings.threshold} />
        </Box>
      ))}
      {summary.absences.length > 0 && (
        <Text size="xs" c="orange">
          Absent:{' '}
          {summary.absences
            .map((a) => `@${a.participant} from ${a.phase} (round ${a.round}): ${a.reason}`)
            .join('; ')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm">
        {summary.proposals.map((proposal) => (
          <ProposalCard key={proposal.id} proposal={proposal} chosen={proposal.id === chosen} />
        ))}
      </SimpleGrid>
    </Stack>
  )
}

/** Run, Resume or Cancel, whichever the debate's state allows. */
function RunButton({
  info,
  runId,
  busy,
  started,
  onRun,
  onCancel,
}: {
  info: DebateInfo
  runId: string | null
  busy: boolean
  /** Something more than the topic is in the file: a run carries on from there. */
  started: boolean
  onRun: () => void
  onCancel: () => void
}): ReactNode {
  if (runId) return <CancelRunButton onCancel={onCancel} testId="debate-cancel" />
  if (info.status !== 'OPEN') return null
  return (
    <Button
      size="xs"
      leftSection={<IconPlayerPlay size={14} />}
      loading={busy}
      onClick={onRun}
      data-testid="debate-run"
    >
      {started ? 'Resume' : 'Run debate'}
    </Button>
  )
}

/**
 * The debate above its transcript: its state, Run / Resume / Cancel, who is writing in each phase
 * while it runs, the outcome (or the decision an escalation waits for), approval per round and the
 * proposals. Folds away, and resizes by its handle (scrolling inside itself), never taking the
 * thread's room.
 */
export function DebateView({ path, version, onStatusChange }: DebateViewProps): ReactNode {
  const api = useApi()
  const [open, setOpen] = useState(true)
  const [live, setLive] = useState<DebateLive>(IDLE)
  const [busy, setBusy] = useState(false)
  const [resuming, setResuming] = useState(false)
  const { data: info, reload } = useRequest(path, () => call(api.debates.read({ path })), version)

  useEffect(
    () =>
      api.events.debates.progress((progress) => {
        if (progress.path !== path) return
        setLive((current) => reduceDebateLive(current, progress))
        if (progress.kind !== 'event' || progress.event.type === 'phase-started') reload()
      }),
    [api, path, reload],
  )

  // A view opened mid-run starts from the backend's record of the run, then follows the events.
  const running = info?.running ?? null
  const recorded = info?.progress ?? null
  useEffect(() => {
    if (running && recorded)
      setLive((current) =>
        current.progress.phases.length < recorded.phases.length
          ? adoptDebateRun({ ...current, runId: null }, running, recorded)
          : current,
      )
  }, [running, recorded])

  // A read that still saw a run this view has seen finish does not bring it back.
  const runId = !info
    ? null
    : (live.runId ?? (info.running && !live.finished.includes(info.running) ? info.running : null))
  // RUNNING only while a run goes on; the file's own status otherwise.
  const status: DebateStatus | null = !info
    ? null
    : runId
      ? 'RUNNING'
      : info.status === 'RUNNING'
        ? 'OPEN'
        : info.status
  useEffect(() => onStatusChange?.(status), [onStatusChange, status])
  useEffect(() => () => onStatusChange?.(null), [onStatusChange])

  if (!info || !status) return null
  const progress = live.progress
  const started = !(info.next.kind === 'start-round' && info.next.round === 1)
  const run = (caps: RunCapsInfo): void => {
    setBusy(true)
    call(api.debates.resume({ path, caps }))
      .then(({ runId: id }) => {
        setResuming(false)
        setLive((current) => adoptDebateRun(current, id))
      })
      .catch((error: unknown) =>
        notifyError(
          error instanceof Error ? error.message : String(error),
          'The debate did not start',
        ),
      )
      .finally(() => setBusy(false))
  }
  const cancel = (): void => {
    if (runId) void call(api.debates.cancel({ runId })).catch(() => {})
  }
  return (
    <Box
      className={classes.frame}
      data-open={open || undefined}
      data-testid="debate-view"
      data-status={status}
    >
      <Group px="md" py={6} gap="xs" justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Title order={5}>Debate</Title>
          <Badge
            color={STATUS_COLOURS[status]}
            variant="light"
            size="sm"
            style={readableBadgeText(STATUS_COLOURS[status])}
            data-testid="debate-status"
          >
            {status}
          </Badge>
          {progress.round !== null && runId && (
            <Text size="xs" c="dimmed">
              round {progress.round}
            </Text>
          )}
        </Group>
        <Group gap={6} wrap="nowrap">
          <RunButton
            info={{ ...info, status }}
            runId={runId}
            busy={busy}
            started={started}
            onRun={() => setResuming(true)}
            onCancel={cancel}
          />
          <FoldToggle open={open} onToggle={() => setOpen((value) => !value)} what="the debate" />
        </Group>
      </Group>
      {open && (
        <ResizablePanel name="debate" label="Resize the debate panel" regionLabel="Debate">
          <Standing summary={info} path={path} onDecided={reload} />
          {live.ended && (
            <Alert
              color={live.cancelled ? INFO_COLOUR : FAILURE_COLOUR}
              p="xs"
              mx="md"
              mt="xs"
              data-testid="run-ended"
            >
              <Text size="sm">{live.ended}</Text>
            </Alert>
          )}
          {progress.phases.length > 0 && (
            <Box px="md" pt="sm">
              <DebateProgressGrid progress={progress} running={runId !== null} />
            </Box>
          )}
          <DebateBody summary={info} />
        </ResizablePanel>
      )}
      <ResumeRunDialog
        opened={resuming}
        title={started ? 'Resume the debate' : 'Run the debate'}
        explanation={
          started
            ? 'It goes on from where its file leaves off; what is in the file stays as it is.'
            : 'Every round is asked as the debate is set up; the estimate counts them all.'
        }
        action={started ? 'Resume debate' : 'Run debate'}
        path={path}
        estimate={(caps) => api.debates.resumeEstimate({ path, caps })}
        busy={busy}
        onClose={() => setResuming(false)}
        onResume={run}
        testId="debate-run-start"
      />
    </Box>
  )
}
