import { Button, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import { formatDuration } from '../RunTurn/turn-state'

export interface ProviderTestStatusProps {
  name: string
  /** When the test started (Date.now()). */
  since: number
  onCancel: () => void
}

/** Seconds since `since`, ticking while shown. */
function useElapsed(since: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [since])
  return Math.max(0, now - since)
}

/**
 * A provider test under way: how long it has taken so far, and Cancel, which stops waiting for
 * it (a model can take half a minute to answer a test).
 */
export function ProviderTestStatus({ name, since, onCancel }: ProviderTestStatusProps): ReactNode {
  const elapsed = useElapsed(since)
  return (
    <Stack gap={2} align="flex-end" data-testid="provider-test-running">
      <Text size="xs" c="dimmed" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
        Testing… {(elapsed / 1000).toFixed(0)} s
      </Text>
      <Button
        size="compact-sm"
        variant="default"
        onClick={onCancel}
        aria-label={`Cancel the test of ${name}`}
      >
        Cancel
      </Button>
    </Stack>
  )
}

/** What the test result says when the person cancelled it. */
export const cancelledTest = (name: string, ms: number): string =>
  `You cancelled the test of ${name} after ${formatDuration(ms)}.`
