import { Alert, Button, Drawer, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core'
import { IconFileDescription, IconPlayerStop } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import { useEscapeLayer } from '../../lib/layers'
import { formatDateTime, timeAgo } from '../../lib/time'
import { useOpenLink } from '../LinkConfirm/LinkProvider'
import { Markdown } from '../Markdown/Markdown'
import type { SummaryOutcome, SummaryState } from './useSummary'

export interface SummaryDrawerProps {
  opened: boolean
  onClose: () => void
  summary: SummaryState
}

/** The provider choice that leaves it to the moderator persona, as `summarize` without `-p`. */
const MODERATOR = ''

/** Whole seconds since `since`, ticking each second; 0 when nothing runs. */
function useElapsed(since: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (since === null) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [since])
  return since === null ? 0 : Math.max(0, Math.round((now - since) / 1000))
}

/** How the last run ended, in words; null when there is nothing to say. */
function OutcomeNote({ outcome }: { outcome: SummaryOutcome | null }): ReactNode {
  if (outcome?.kind === 'failed')
    return (
      <Alert
        color={outcome.cancelled ? 'gray' : 'red'}
        title={outcome.cancelled ? 'Summary cancelled' : 'The summary was not written'}
        data-testid="summary-failed"
      >
        {outcome.cancelled
          ? 'Nothing was written; the summary that was there (if any) stays as it was.'
          : outcome.message}
      </Alert>
    )
  if (outcome?.kind === 'written' && outcome.aiError !== null)
    return (
      <Alert color="yellow" title="No AI summary" data-testid="summary-ai-failed">
        The provider failed: {outcome.aiError}. The votes, questions, decisions and concerns were
        written without it.
      </Alert>
    )
  return null
}

/** The discussion's `.sum.md`, rendered as untrusted markdown, with Summarize and Cancel. */
export function SummaryDrawer({ opened, onClose, summary }: SummaryDrawerProps): ReactNode {
  useEscapeLayer(opened, onClose)
  const openLink = useOpenLink()
  const { outcome, running } = summary
  const elapsed = useElapsed(outcome?.kind === 'running' ? outcome.since : null)
  const shown = summary.summary
  const [provider, setProvider] = useState<string>(MODERATOR)
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      closeOnEscape={false}
      closeButtonProps={{ 'aria-label': 'Close summary' }}
      position="right"
      size="lg"
      title="Summary"
      data-testid="summary-panel"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          {running ? (
            <Group gap="xs" wrap="nowrap" role="status" data-testid="summary-running">
              <Loader size="xs" />
              <Text size="sm">Writing the summary… {elapsed} s</Text>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {shown ? 'Written beside the discussion as .sum.md' : 'No summary yet.'}
            </Text>
          )}
          {running ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlayerStop size={14} />}
              onClick={() => void summary.cancel()}
            >
              Cancel
            </Button>
          ) : (
            <Button
              size="xs"
              leftSection={<IconFileDescription size={14} />}
              onClick={() => void summary.start(provider === MODERATOR ? undefined : provider)}
            >
              {shown ? 'Summarize again' : 'Summarize'}
            </Button>
          )}
        </Group>
        {summary.providers.length > 1 && (
          <Select
            size="xs"
            label="Summarize with"
            data-testid="summary-provider"
            allowDeselect={false}
            disabled={running}
            data={[
              { value: MODERATOR, label: "The moderator's provider" },
              ...summary.providers.map((name) => ({ value: name, label: name })),
            ]}
            value={provider}
            onChange={(value) => setProvider(value ?? MODERATOR)}
          />
        )}
        {outcome?.kind === 'running' && outcome.text.trim() !== '' && (
          <Paper withBorder p="sm" radius="md" data-testid="summary-streaming">
            <Markdown text={outcome.text} onOpenLink={openLink} />
          </Paper>
        )}
        <OutcomeNote outcome={outcome} />
        {summary.readError && (
          <Alert color="red" title="The summary could not be read">
            {summary.readError}
          </Alert>
        )}
        {shown && (
          <>
            <Text size="sm" data-testid="summary-made">
              Made{' '}
              {shown.generated ? (
                <time dateTime={shown.generated} title={formatDateTime(shown.generated)}>
                  {timeAgo(shown.generated)}
                </time>
              ) : (
                'at a time the file does not say'
              )}{' '}
              by {shown.provider ?? 'no provider (votes and items only)'}
            </Text>
            {shown.changedSince && (
              <Alert color="blue" p="xs" data-testid="summary-stale">
                {shown.newComments === null
                  ? 'The discussion changed after this summary was made.'
                  : `${shown.newComments} comment${shown.newComments === 1 ? '' : 's'} added since this summary; Summarize again to include ${shown.newComments === 1 ? 'it' : 'them'}.`}
              </Alert>
            )}
            <div data-testid="summary-text">
              <Markdown text={shown.text} onOpenLink={openLink} />
            </div>
          </>
        )}
      </Stack>
    </Drawer>
  )
}
