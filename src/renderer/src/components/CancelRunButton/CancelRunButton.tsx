import { Button } from '@mantine/core'
import { IconPlayerStop } from '@tabler/icons-react'
import type { ReactNode } from 'react'

/** Cancel for a council or debate running in the background (what already arrived is kept). */
export function CancelRunButton({
  onCancel,
  testId,
}: {
  onCancel: () => void
  testId: string
}): ReactNode {
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconPlayerStop size={14} />}
      onClick={onCancel}
      data-testid={testId}
    >
      Cancel
    </Button>
  )
}
