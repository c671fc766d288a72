import { Alert, Divider, ScrollArea, Stack, Text } from '@mantine/core'
import {
  IconCircleCheck,
  IconCircleX,
  IconHourglassHigh,
  IconInfoCircle,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'

import type { DiscussionDetail } from '@shared/contract'
import { consensusColour } from '../../lib/colours'
import { ItemSection } from './ItemSection'
import classes from './SidePanel.module.css'
import { VoteChart } from './VoteChart'

export interface SidePanelProps {
  detail: DiscussionDetail
  /** Jumps to the comment holding this line of the file. */
  onJump: (line: number) => void
  /** Show the votes and the consensus (default true; councils and debates have their own). */
  votes?: boolean
  /** Shown first: the jumps between the discussion's items. */
  jumps?: ReactNode
}

function ConsensusAlert({ detail }: { detail: DiscussionDetail }): ReactNode {
  const { consensus } = detail.summary
  const rejected = consensus.reached && consensus.outcome === 'REJECT'
  const blocked = consensus.blockedBy.length > 0
  // A phase that takes no vote says so in grey, whatever the tally: nothing is decided there.
  const phaseVotes = detail.phases.find((phase) => phase.id === detail.phase)?.voting ?? true
  const colour = consensusColour({
    phaseVotes,
    reached: consensus.reached,
    outcome: consensus.outcome,
    blocked,
  })
  const Icon = !phaseVotes
    ? IconInfoCircle
    : consensus.reached
      ? rejected
        ? IconCircleX
        : IconCircleCheck
      : blocked
        ? IconCircleX
        : IconHourglassHigh
  return (
    <Alert
      color={colour}
      variant="light"
      icon={<Icon size={18} />}
      p="xs"
      data-testid="consensus"
      data-colour={colour}
    >
      <Text size="sm">{consensus.summary}</Text>
    </Alert>
  )
}

/** Votes, consensus in words and the open items of a discussion; each item jumps to its comment. */
export function SidePanel({ detail, onJump, votes = true, jumps }: SidePanelProps): ReactNode {
  const { summary } = detail
  const voters = detail.participants.filter((p) => !p.human || p.vote !== null).length
  return (
    <ScrollArea
      className={classes.panel}
      type="auto"
      data-testid="side-panel"
      // Reachable by keyboard even when it holds no link or button (a council's, say).
      viewportProps={{ tabIndex: 0 }}
    >
      <Stack gap="md" p="md">
        {jumps}
        {votes && (
          <>
            <section aria-label="Votes">
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.5} mb={8}>
                Votes this phase
              </Text>
              <VoteChart counts={summary.consensus.counts} of={voters} />
            </section>
            <ConsensusAlert detail={detail} />
            <Divider />
          </>
        )}
        <ItemSection
          title="Open questions"
          items={summary.questions}
          colour="blue"
          onJump={onJump}
          newestFirst
        />
        <ItemSection title="Decisions" items={summary.decisions} colour="teal" onJump={onJump} />
        <ItemSection title="Action items" items={summary.todos} colour="orange" onJump={onJump} />
        <ItemSection title="Concerns" items={summary.concerns} colour="red" onJump={onJump} />
      </Stack>
    </ScrollArea>
  )
}
