import { Button, Group, Text } from '@mantine/core'
import type { ReactNode } from 'react'

import { Dialog } from '../Dialog/Dialog'

export interface DiscardChangesDialogProps {
  /** What would be lost, in words: "@architect", "the new persona". */
  what: string | null
  onKeep: () => void
  onDiscard: () => void
}

/** Asks before unsaved edits are dropped; keeping them is the default (Enter, Esc). */
export function DiscardChangesDialog({
  what,
  onKeep,
  onDiscard,
}: DiscardChangesDialogProps): ReactNode {
  return (
    <Dialog
      opened={what !== null}
      onClose={onKeep}
      title="Discard your changes?"
      centered
      size="sm"
    >
      <div data-testid="discard-changes">
        <Text size="sm">
          Your changes to {what} are not saved. Discard them, or keep editing and save first.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onDiscard}>
            Discard changes
          </Button>
          <Button onClick={onKeep} data-autofocus>
            Keep editing
          </Button>
        </Group>
      </div>
    </Dialog>
  )
}
