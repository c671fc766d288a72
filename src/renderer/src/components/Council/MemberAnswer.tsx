import { Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { IconCheck, IconClock, IconX } from '@tabler/icons-react'
import type { ReactNode } from 'react'

import { partialComment } from '@core/turns/partial-comment'
import type { CouncilInfo } from '@shared/contract'
import { readableBadgeText } from '../Badges/readable-badge'
import { useOpenLink } from '../LinkConfirm/LinkProvider'
import { Markdown } from '../Markdown/Markdown'
import { formatDuration, formatTokens } from '../RunTurn/turn-state'
import type { CouncilLive } from './council-live'
import classes from './CouncilView.module.css'

export type CallInfo = CouncilInfo['calls'][number]
export type CallState = 'done' | 'writing' | 'failed' | 'waiting'

export function callState(call: CallInfo, live: CouncilLive): CallState {
  if (call.answered) return 'done'
  if (live.calls.thinking.includes(call.label)) return 'writing'
  return call.label in live.calls.failed ? 'failed' : 'waiting'
}

const STATE_LOOK: Record<CallState, { colour: string; icon: ReactNode; word: string }> = {
  done: { colour: 'teal', icon: <IconCheck size={12} />, word: 'answered' },
  writing: { colour: 'blue', icon: <Loader size={10} color="blue" />, word: 'writing…' },
  failed: { colour: 'red', icon: <IconX size={12} />, word: 'failed' },
  waiting: { colour: 'gray', icon: <IconClock size={12} />, word: 'waiting' },
}

/** What a call cost and took, once answered: "via scripted · 1,234 in · 56 out · 2.1 s". */
function callDetail(call: CallInfo): string {
  return [
    call.provider ? `via ${call.provider}` : null,
    formatTokens(call),
    call.durationMs !== null ? formatDuration(call.durationMs) : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

/**
 * One member's answer in full, signed as its comment is; while the member writes, the text so
 * far as it streams in.
 */
export function MemberAnswer({ call, live }: { call: CallInfo; live: CouncilLive }): ReactNode {
  const openLink = useOpenLink()
  const state = callState(call, live)
  const look = STATE_LOOK[state]
  const streamed = live.calls.streams[call.label]
  return (
    <Paper
      p="sm"
      withBorder
      className={classes.answer}
      data-testid="council-call"
      data-label={call.label}
      data-state={state}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap={6} wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} data-testid="council-member">
              {call.member}
            </Text>
            <Text size="xs" c="dimmed">
              {call.role} · {call.stage}
            </Text>
          </div>
          <Badge
            variant={state === 'done' ? 'light' : 'outline'}
            color={look.colour}
            leftSection={look.icon}
            tt="none"
            className={classes.stateBadge}
            style={readableBadgeText(look.colour)}
          >
            {look.word}
          </Badge>
        </Group>
        {call.answer !== null ? (
          <>
            <div className={classes.answerText}>
              <Markdown text={call.answer} onOpenLink={openLink} />
            </div>
            <Text size="xs" c="dimmed">
              {callDetail(call)}
            </Text>
          </>
        ) : state === 'failed' ? (
          <Text size="sm" c="red">
            {live.calls.failed[call.label]}
          </Text>
        ) : streamed !== undefined ? (
          <Text size="sm" className={classes.streaming} data-testid="council-stream">
            {partialComment(streamed)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {state === 'writing' ? 'Thinking…' : 'Not asked yet.'}
          </Text>
        )}
      </Stack>
    </Paper>
  )
}

/** A stage's answers side by side where the window is wide enough, stacked where it is not. */
export function StageAnswers({
  calls,
  live,
}: {
  calls: readonly CallInfo[]
  live: CouncilLive
}): ReactNode {
  return (
    <div className={classes.answers} data-columns={Math.min(calls.length, 3)}>
      {calls.map((call) => (
        <MemberAnswer key={call.label} call={call} live={live} />
      ))}
    </div>
  )
}
