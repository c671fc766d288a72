import { Badge, Card, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

import type { ProposalSummary } from '@core/debate/summary'
import { lineDiff } from '@core/debate/line-diff'
import { readableBadgeText } from '../Badges/readable-badge'
import classes from './Debate.module.css'

const SEVERITY_COLOR = { blocking: 'red', major: 'orange', minor: 'gray' } as const

export interface ProposalCardProps {
  proposal: ProposalSummary
  /** The accepted or winning proposal. */
  chosen: boolean
}

/** One proposal: its text, the change its author made (a diff), critiques by severity, defenses. */
export function ProposalCard({ proposal, chosen }: ProposalCardProps): ReactNode {
  const revised = proposal.revisions.length > 0
  return (
    <Card withBorder padding="sm" data-testid={`proposal-${proposal.id}`}>
      <Stack gap={6}>
        <Group gap="xs">
          <Text fw={700}>{proposal.id}</Text>
          <Text size="sm">by @{proposal.author}</Text>
          {proposal.confidence !== null && (
            <Badge variant="light" size="sm" style={readableBadgeText('blue')}>
              confidence {proposal.confidence}
            </Badge>
          )}
          {revised && (
            <Badge variant="light" color="grape" size="sm" style={readableBadgeText('grape')}>
              revised
            </Badge>
          )}
          {chosen && (
            // teal.9: white text on it reads at AA in both schemes.
            <Badge color="teal.9" size="sm">
              adopted
            </Badge>
          )}
        </Group>
        {revised ? (
          <div className={classes.diff} aria-label={`Changes to ${proposal.id}`}>
            {lineDiff(proposal.original, proposal.current).map((line, index) => (
              <div key={index} className={line.kind === 'same' ? undefined : classes[line.kind]}>
                {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
                {line.text}
              </div>
            ))}
          </div>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {proposal.current}
          </Text>
        )}
        {(['blocking', 'major', 'minor'] as const).map((severity) =>
          proposal.critiques[severity].length === 0 ? null : (
            <Stack key={severity} gap={2}>
              <Badge color={SEVERITY_COLOR[severity]} variant="light" size="xs">
                {severity} ({proposal.critiques[severity].length})
              </Badge>
              {proposal.critiques[severity].map((critique) => {
                const addressed = proposal.defenses.some(
                  (d) => d.round === critique.round && d.addresses.includes(critique.id),
                )
                return (
                  <Text key={critique.id} size="xs" pl="sm">
                    <b>{critique.id}</b> @{critique.critic}: {critique.text}{' '}
                    <Text span size="xs" c={addressed ? 'teal' : 'red'}>
                      {addressed ? '(addressed)' : '(not addressed)'}
                    </Text>
                  </Text>
                )
              })}
            </Stack>
          ),
        )}
        {proposal.defenses.map((defense) => (
          <Text key={defense.round} size="xs" c="dimmed">
            Defense, round {defense.round}: {defense.text}
          </Text>
        ))}
      </Stack>
    </Card>
  )
}
