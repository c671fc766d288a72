import {
  Alert,
  Badge,
  Box,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { useState } from 'react'
import type { ReactNode } from 'react'

import type { DebateSummary } from '../../../../core/debate/summary'
import { formatThreshold } from '../../../../core/debate/threshold'
import { formatWeight } from '../../../../core/debate/weights'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { useRequest } from '../../api/useRequest'
import { ApprovalBars } from './ApprovalBars'
import classes from './Debate.module.css'
import { DecisionControls } from './DecisionControls'
import { ProposalCard } from './ProposalCard'

export interface DebateViewProps {
  path: string
  /** Changes when the file changed: the view reads the debate again. */
  version: number
}

function chosenProposal(summary: DebateSummary): string | null {
  const outcome = summary.outcome
  return outcome?.kind === 'consensus' || outcome?.kind === 'accepted' ? outcome.proposal : null
}

/** Outcome (or escalation with the decision controls), approval per round, proposals. */
function DebateBody({
  summary,
  path,
  onDecided,
}: {
  summary: DebateSummary
  path: string
  onDecided: () => void
}): ReactNode {
  const { settings } = summary
  const outcome = summary.outcome
  const chosen = chosenProposal(summary)
  return (
    <Stack gap="sm" p="md" pt="xs">
      <Text size="xs" c="dimmed">
        {summary.participants.map((p) => `@${p.alias} ${formatWeight(p.weight)}`).join(' · ')} —
        passes at {formatThreshold(settings.threshold)} of the voting weight, at most{' '}
        {settings.maxRounds === 1 ? '1 round' : `${settings.maxRounds} rounds`},{' '}
        {settings.roundTimeoutSeconds} s per step
      </Text>
      {outcome?.kind === 'escalated' ? (
        <Alert
          color="orange"
          title={`Escalated after ${outcome.rounds} round${outcome.rounds === 1 ? '' : 's'}: you decide`}
        >
          <Stack gap="xs">
            <Text size="sm">{outcome.reason}</Text>
            <DecisionControls
              path={path}
              proposals={summary.proposals.map((p) => p.id)}
              onDecided={onDecided}
            />
          </Stack>
        </Alert>
      ) : (
        <Alert color={chosen ? 'teal' : outcome?.kind === 'rejected' ? 'red' : 'blue'} p="xs">
          <Text size="sm">{summary.standing}</Text>
        </Alert>
      )}
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

/** The debate view above a debate's transcript; folds away to leave room for the comments. */
export function DebateView({ path, version }: DebateViewProps): ReactNode {
  const api = useApi()
  const [open, setOpen] = useState(true)
  const { data: summary, reload } = useRequest(
    path,
    () => call(api.debates.read({ path })),
    version,
  )
  if (!summary) return null
  const outcome = summary.outcome
  const badge =
    outcome?.kind === 'escalated'
      ? { color: 'orange', label: 'escalated' }
      : outcome
        ? { color: outcome.kind === 'rejected' ? 'red' : 'teal', label: outcome.kind }
        : { color: 'blue', label: 'running' }
  return (
    <Box className={classes.panel} data-testid="debate-view">
      <UnstyledButton onClick={() => setOpen((value) => !value)} px="md" py={6} w="100%">
        <Group gap="xs">
          <Title order={5}>Debate</Title>
          <Badge color={badge.color} variant="light" size="sm">
            {badge.label}
          </Badge>
          <Text size="xs" c="dimmed">
            {open ? 'hide' : 'show'}
          </Text>
        </Group>
      </UnstyledButton>
      {open && <DebateBody summary={summary} path={path} onDecided={reload} />}
    </Box>
  )
}
