import { Group, Loader, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core'
import { useState } from 'react'
import type { ReactNode } from 'react'

import type { CouncilInfo } from '@shared/contract'
import { useOpenLink } from '../LinkConfirm/LinkProvider'
import { Markdown } from '../Markdown/Markdown'
import { openingStage, stageLine, stageTitle } from './council-format'
import type { CouncilLive } from './council-live'
import classes from './CouncilView.module.css'
import { StageAnswers } from './MemberAnswer'
import { RankingBallots } from './RankingBallots'
import { StageUsageTable } from './StageUsageTable'

/** The synthesis (the council's answer) beside the figures of every stage. */
function SynthesisPanel({ info }: { info: CouncilInfo }): ReactNode {
  const openLink = useOpenLink()
  const judge = info.options.mode === 'dp' ? 'meta-arbiter' : 'referee'
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
      <Paper p="sm" radius="sm" className={classes.synthesis} data-testid="council-synthesis">
        {info.synthesis ? (
          <Stack gap={4}>
            <Text size="xs" fw={600} className={classes.synthesisBy}>
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
      <StageUsageTable info={info} />
    </SimpleGrid>
  )
}

/** A tab's label: the stage, how many of its answers are in, a spinner while one is written. */
function StageLabel({
  stage,
  info,
  live,
}: {
  stage: string
  info: CouncilInfo
  live: CouncilLive
}): ReactNode {
  const calls = info.calls.filter((call) => call.usageStage === stage)
  const answered = calls.filter((call) => call.answered).length
  const writing = calls.some((call) => !call.answered && live.calls.thinking.includes(call.label))
  return (
    <Group gap={6} wrap="nowrap">
      <span>{stageTitle(stage)}</span>
      {stage !== 'synthesis' && (
        <Text span size="xs" c="dimmed">
          {answered}/{calls.length}
        </Text>
      )}
      {writing && <Loader size={10} aria-label="writing" />}
    </Group>
  )
}

/**
 * The council's stages as tabs: the synthesis first (it is the answer), then each round and the
 * ranking with every member's answer in full. The view opens on the synthesis, or while the
 * council runs on the stage being written; a tab the person picks stays picked.
 */
export function CouncilStages({ info, live }: { info: CouncilInfo; live: CouncilLive }): ReactNode {
  const [picked, setPicked] = useState<string | null>(null)
  const stages = info.stages.map((row) => row.stage)
  const order = ['synthesis', ...stages.filter((stage) => stage !== 'synthesis')]
  const active = picked !== null && order.includes(picked) ? picked : openingStage(info)
  return (
    <Tabs value={active} onChange={setPicked} keepMounted={false} data-testid="council-stages">
      <Tabs.List>
        {order.map((stage) => (
          <Tabs.Tab key={stage} value={stage} data-stage={stage}>
            <StageLabel stage={stage} info={info} live={live} />
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {order.map((stage) => {
        const usage = info.stages.find((row) => row.stage === stage)
        return (
          <Tabs.Panel key={stage} value={stage} pt="sm" data-testid="council-stage">
            {stage === 'synthesis' ? (
              <SynthesisPanel info={info} />
            ) : (
              <Stack gap="sm">
                {usage && (
                  <Text size="xs" c="dimmed" data-testid="council-stage-usage">
                    {stageLine(usage)}
                  </Text>
                )}
                {stage === 'ranking' && <RankingBallots info={info} />}
                <StageAnswers
                  calls={info.calls.filter((call) => call.usageStage === stage)}
                  live={live}
                />
              </Stack>
            )}
          </Tabs.Panel>
        )
      })}
    </Tabs>
  )
}
