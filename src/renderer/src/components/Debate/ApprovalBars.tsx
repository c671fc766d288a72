import { Box, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

import type { RoundTally } from '@core/debate/tally'
import type { Threshold } from '@core/debate/model'
import { formatWeight } from '@core/debate/weights'
import classes from './Debate.module.css'
import { readableBadgeText } from '../Badges/readable-badge'

export interface ApprovalBarsProps {
  tally: RoundTally
  threshold: Threshold
}

/** Each proposal's approving weight as a bar against the threshold line; blocked ones marked. */
export function ApprovalBars({ tally, threshold }: ApprovalBarsProps): ReactNode {
  const line = (threshold.num / threshold.den) * 100
  return (
    <Stack gap={6} data-testid={`tally-round-${tally.round}`}>
      {tally.proposals.map((p) => {
        const share = tally.total === 0 ? 0 : (p.approving / tally.total) * 100
        const state = p.blockedBy.length > 0 ? 'blocked' : p.passes ? 'passes' : 'below'
        return (
          <Group
            key={p.proposal}
            gap="sm"
            wrap="nowrap"
            data-proposal={p.proposal}
            data-state={state}
          >
            <Text size="sm" fw={600} w={36}>
              {p.proposal}
            </Text>
            <Box
              className={classes.bar}
              role="img"
              aria-label={`${p.proposal}: ${formatWeight(p.approving)} of ${formatWeight(tally.total)}`}
            >
              <Box className={classes.fill} data-state={state} style={{ width: `${share}%` }} />
              <Box className={classes.threshold} style={{ left: `${line}%` }} />
            </Box>
            <Text
              size="xs"
              w={190}
              c={state === 'passes' || state === 'blocked' ? undefined : 'dimmed'}
              style={
                state === 'passes'
                  ? readableBadgeText('teal')
                  : state === 'blocked'
                    ? readableBadgeText('red')
                    : undefined
              }
            >
              {formatWeight(p.approving)} of {formatWeight(tally.total)}
              {state === 'blocked'
                ? ` · blocked by ${p.blockedBy.join(', ')}`
                : state === 'passes'
                  ? ' · passes'
                  : ''}
            </Text>
          </Group>
        )
      })}
    </Stack>
  )
}
