import {
  ActionIcon,
  Badge,
  Button,
  Collapse,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconArrowLeft, IconChevronDown, IconChevronUp, IconSearch } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'

import type { DiscussionDetail } from '@shared/contract'
import { timeAgo } from '../../lib/time'
import { AuthorAvatar } from '../AuthorAvatar/AuthorAvatar'
import { StatusBadge } from '../Badges/StatusBadge'
import { VOTE_COLOURS } from '../Badges/VoteBadge'
import { PhaseSteps } from './PhaseSteps'
import { SpendBadge } from '../Budget/SpendBadge'

/** Windows this short (1024x700 and the like) get the one-line header. */
export const COMPACT_QUERY = '(max-height: 760px)'
const DETAILS_ID = 'discussion-header-details'

export interface DiscussionHeaderProps {
  detail: DiscussionDetail
  /** The status to show; default the file's. A running council or debate says RUNNING. */
  status?: string | null
  onBack: () => void
  onFind: () => void
  /** Buttons shown beside find (run turn, comment, advance). */
  actions?: ReactNode
  /** Show each participant's vote (default true; councils and debates do not vote so). */
  votes?: boolean
  /** Phases that are outcomes, not steps (see PhaseSteps); default none. */
  outcomes?: readonly string[]
}

export function DiscussionHeader({
  detail,
  status = detail.status,
  onBack,
  onFind,
  actions,
  votes = true,
  outcomes = [],
}: DiscussionHeaderProps): ReactNode {
  // Opening a discussion puts focus on its title, so Tab goes on to its controls (not back to
  // the top of the page) and a screen reader says where the person is.
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus({ preventScroll: true })
  }, [detail.path])
  // A short window keeps the thread's room: the header folds to one line, and its phase steps,
  // participant chips and figures open behind a disclosure.
  const compact = useMediaQuery(COMPACT_QUERY) ?? false
  const [open, setOpen] = useState(false)
  const currentPhase = detail.phases.find((phase) => phase.id === detail.phase)
  const meta = (
    <Group gap="xs">
      <StatusBadge status={status} />
      {detail.template && (
        <Text size="xs" c="dimmed">
          Template: {detail.template}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        · {detail.comments.length} comments · updated {timeAgo(detail.lastActivity)}
      </Text>
      <SpendBadge path={detail.path} spend={detail.spend} compact={false} />
    </Group>
  )
  const details = (
    <>
      {compact && meta}
      <PhaseSteps phases={detail.phases} current={detail.phase} outcomes={outcomes} />
      <Group gap={6} data-testid="participants">
        {detail.participants.map((participant) => (
          <Tooltip
            key={participant.alias}
            label={participant.role ?? (participant.human ? 'Human' : participant.name)}
          >
            <Badge
              size="lg"
              radius="xl"
              variant="default"
              pl={3}
              tt="none"
              leftSection={
                <AuthorAvatar name={participant.name} human={participant.human} size="sm" />
              }
              rightSection={
                !votes ? null : participant.vote ? (
                  <Badge size="xs" color={VOTE_COLOURS[participant.vote]} variant="filled">
                    {participant.vote}
                  </Badge>
                ) : (
                  <Text span size="xs" c="dimmed">
                    no vote
                  </Text>
                )
              }
              data-participant={participant.name}
            >
              <Text span size="xs" fw={600}>
                {participant.name}
              </Text>
            </Badge>
          </Tooltip>
        ))}
      </Group>
    </>
  )
  return (
    <Stack
      gap="xs"
      p={compact ? 'xs' : 'md'}
      pb={compact ? 'xs' : 'sm'}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" wrap="nowrap" align={compact ? 'center' : 'flex-start'}>
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Tooltip label="Back to the discussions">
            <ActionIcon
              variant="subtle"
              size="lg"
              onClick={onBack}
              aria-label="Back to the discussions"
            >
              <IconArrowLeft size={20} />
            </ActionIcon>
          </Tooltip>
          <div
            style={{
              minWidth: 0,
              display: compact ? 'flex' : undefined,
              alignItems: 'center',
              gap: 8,
            }}
          >
            <Title
              order={1}
              size={compact ? 'h4' : 'h3'}
              lineClamp={1}
              data-testid="discussion-title"
              ref={heading}
              tabIndex={-1}
              title={detail.title}
            >
              {detail.title}
            </Title>
            {compact ? null : meta}
          </div>
        </Group>
        {compact && (
          <div style={{ flexShrink: 0 }}>
            <SpendBadge path={detail.path} spend={detail.spend} compact />
          </div>
        )}
        {compact && (
          <Button
            variant="subtle"
            size="compact-sm"
            color="gray"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={DETAILS_ID}
            rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
            data-testid="header-details-toggle"
            style={{ flexShrink: 0 }}
            title="Status, phases and participants"
          >
            {currentPhase?.title ?? detail.phase?.replace(/_/g, ' ') ?? 'Details'}
          </Button>
        )}
        <Group gap={6} wrap="nowrap">
          {actions}
          <Tooltip label="Find in discussion (Ctrl+F)">
            <ActionIcon variant="default" size="lg" onClick={onFind} aria-label="Open find">
              <IconSearch size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {compact ? (
        <Collapse expanded={open} keepMounted keepMountedMode="display-none" id={DETAILS_ID}>
          <Stack gap="xs" pt={4}>
            {details}
          </Stack>
        </Collapse>
      ) : (
        details
      )}
    </Stack>
  )
}
