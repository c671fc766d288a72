import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core'
import {
  IconCheck,
  IconChevronDown,
  IconChevronUp,
  IconClock,
  IconPlayerPlay,
  IconPlayerStop,
  IconX,
} from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import type { CouncilInfo } from '../../../../shared/contract'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { useRequest } from '../../api/useRequest'
import { notifyError } from '../../notify'
import { useOpenLink } from '../LinkConfirm/LinkProvider'
import { Markdown } from '../Markdown/Markdown'
import { adoptCouncilRun, IDLE, reduceLive } from './council-live'
import type { CouncilLive } from './council-live'
import classes from './CouncilView.module.css'

export interface CouncilViewProps {
  path: string
  /** Changes when the file changed: the view reads the council again. */
  version: number
}

type CallInfo = CouncilInfo['calls'][number]
type UsageInfo = CouncilInfo['total']

function tokens(usage: { inputTokens: number; outputTokens: number; estimated: boolean }): string {
  const about = usage.estimated ? '~' : ''
  return `${about}${usage.inputTokens.toLocaleString('en')} in · ${about}${usage.outputTokens.toLocaleString('en')} out`
}

function cost(usage: UsageInfo): string {
  if (usage.costUsd === null) return 'cost unknown'
  const known =
    usage.costUsd < 0.01 ? `$${usage.costUsd.toFixed(4)}` : `$${usage.costUsd.toFixed(2)}`
  return usage.unpricedCalls > 0 ? `${known} + ${usage.unpricedCalls} unpriced` : known
}

function CallChip({ item, live }: { item: CallInfo; live: CouncilLive }): ReactNode {
  const failed = live.failed.get(item.label)
  const state = item.answered
    ? 'done'
    : live.thinking.has(item.label)
      ? 'thinking'
      : failed
        ? 'failed'
        : 'waiting'
  const color = { done: 'teal', thinking: 'blue', failed: 'red', waiting: 'gray' }[state]
  const icon =
    state === 'done' ? (
      <IconCheck size={12} />
    ) : state === 'thinking' ? (
      <Loader size={10} color="blue" />
    ) : state === 'failed' ? (
      <IconX size={12} />
    ) : (
      <IconClock size={12} />
    )
  const detail = item.answered
    ? `${item.label} · via ${item.provider ?? '?'} · ${tokens(item)} · line ${item.line ?? '?'}`
    : failed
      ? `${item.label} · failed: ${failed}`
      : `${item.label} · ${state}`
  return (
    <Tooltip label={detail} openDelay={300} multiline maw={420}>
      <Badge
        variant={state === 'done' ? 'light' : 'outline'}
        color={color}
        leftSection={icon}
        size="lg"
        tt="none"
        data-testid="council-call"
        data-label={item.label}
        data-state={state}
      >
        {item.role}
      </Badge>
    </Tooltip>
  )
}

/** Each stage (round 1, round 2, ranking, synthesis) with its calls, live. */
function StageGrid({ info, live }: { info: CouncilInfo; live: CouncilLive }): ReactNode {
  const stages = [...new Set(info.calls.map((item) => item.usageStage))]
  return (
    <Stack gap={6}>
      {stages.map((stage) => (
        <Group key={stage} gap="xs" wrap="nowrap" align="center">
          <Text size="xs" c="dimmed" className={classes.stage} tt="capitalize">
            {stage}
          </Text>
          <Group gap={6}>
            {info.calls
              .filter((item) => item.usageStage === stage)
              .map((item) => (
                <CallChip key={item.label} item={item} live={live} />
              ))}
          </Group>
        </Group>
      ))}
    </Stack>
  )
}

/** What each member still thinking has written so far, as it arrives. */
function LiveAnswers({ info, live }: { info: CouncilInfo; live: CouncilLive }): ReactNode {
  const writing = info.calls.filter((item) => !item.answered && live.streams.has(item.label))
  if (writing.length === 0) return null
  return (
    <SimpleGrid cols={{ base: 1, md: Math.min(writing.length, 3) }} spacing="sm">
      {writing.map((item) => (
        <Paper
          key={item.label}
          p="xs"
          withBorder
          data-testid="council-stream"
          data-label={item.label}
        >
          <Text size="xs" fw={600} c="blue">
            {item.role} is writing…
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={8}>
            {live.streams.get(item.label)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}

function UsageTable({ info }: { info: CouncilInfo }): ReactNode {
  const rows = [...info.stages, info.total]
  return (
    <Table fz="xs" verticalSpacing={2} withRowBorders={false} data-testid="council-usage">
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.stage} fw={row.stage === 'total' ? 600 : undefined}>
            <Table.Td tt="capitalize">{row.stage}</Table.Td>
            <Table.Td>{row.calls === 1 ? '1 call' : `${row.calls} calls`}</Table.Td>
            <Table.Td>{tokens(row)}</Table.Td>
            <Table.Td>{cost(row)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

function describeSettings(info: CouncilInfo): string {
  const { mode, flow, rounds, tier, rank } = info.options
  const members = mode === 'dp' ? 'D/P groups' : 'advisors'
  return [
    members,
    flow,
    `${rounds} round${rounds === 1 ? '' : 's'}`,
    `${tier} tier`,
    rank ? 'peer ranking' : null,
    info.provider ? `all on ${info.provider}` : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

/**
 * A council at a glance, above its comments: the synthesis first (it is the answer), the peer
 * ranking, each stage's calls live (thinking, done, failed), tokens and cost per stage, and
 * Resume or Cancel. The full answers are the comments below.
 */
export function CouncilView({ path, version }: CouncilViewProps): ReactNode {
  const api = useApi()
  const openLink = useOpenLink()
  const [live, setLive] = useState<CouncilLive>(IDLE)
  const [busy, setBusy] = useState(false)
  const [open, setOpen] = useState(true)
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

  if (!info) return null
  // A read that still saw a run this view has seen finish does not bring it back.
  const runId =
    live.runId ?? (info.running && !live.finished.includes(info.running) ? info.running : null)
  const resume = (): void => {
    setBusy(true)
    call(api.councils.resume({ path }))
      .then(({ runId: id }) => setLive((current) => adoptCouncilRun(current, id)))
      .catch((error: unknown) =>
        notifyError(error instanceof Error ? error.message : String(error)),
      )
      .finally(() => setBusy(false))
  }
  const cancel = (): void => {
    if (runId) void call(api.councils.cancel({ runId })).catch(() => {})
  }
  const judge = info.options.mode === 'dp' ? 'meta-arbiter' : 'referee'

  return (
    <div className={classes.panel} data-testid="council-view">
      <Stack gap="sm" p="md" pt="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" miw={0}>
            <Title order={5}>Council</Title>
            <Text size="xs" c="dimmed" truncate>
              {describeSettings(info)}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            {runId ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPlayerStop size={14} />}
                onClick={cancel}
              >
                Cancel
              </Button>
            ) : (
              !info.complete && (
                <Button
                  size="xs"
                  leftSection={<IconPlayerPlay size={14} />}
                  loading={busy}
                  onClick={resume}
                  data-testid="council-resume"
                >
                  Resume
                </Button>
              )
            )}
            <Tooltip label={open ? 'Fold the council away' : 'Show the council'}>
              <ActionIcon
                variant="subtle"
                onClick={() => setOpen((value) => !value)}
                aria-label={open ? 'Fold the council away' : 'Show the council'}
                aria-expanded={open}
              >
                {open ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {open && live.ended && (
          <Alert color="orange" p="xs">
            <Text size="sm">{live.ended}</Text>
          </Alert>
        )}
        {open && (
          <>
            <SimpleGrid cols={{ base: 1, lg: info.ranking ? 2 : 1 }} spacing="sm">
              <Paper
                p="sm"
                radius="sm"
                className={classes.synthesis}
                data-testid="council-synthesis"
              >
                {info.synthesis ? (
                  <Stack gap={4}>
                    <Text size="xs" fw={600} c="teal">
                      Synthesis by {info.synthesis.author}
                      {info.synthesis.provider ? ` (via ${info.synthesis.provider})` : ''}
                    </Text>
                    <Markdown text={info.synthesis.text} onOpenLink={openLink} />
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    The {judge}&apos;s synthesis appears here when the members have answered.
                  </Text>
                )}
              </Paper>
              {info.ranking && (
                <Paper p="sm" radius="sm" withBorder data-testid="council-ranking">
                  <Markdown text={info.ranking} onOpenLink={openLink} />
                </Paper>
              )}
            </SimpleGrid>
            <LiveAnswers info={info} live={live} />
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
              <StageGrid info={info} live={live} />
              <UsageTable info={info} />
            </SimpleGrid>
          </>
        )}
      </Stack>
    </div>
  )
}
