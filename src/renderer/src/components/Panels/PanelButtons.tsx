import { ActionIcon, Tooltip } from '@mantine/core'
import { IconPlugConnected, IconUsers } from '@tabler/icons-react'
import type { ReactNode } from 'react'

import { usePanels } from './PanelsContext'

/** The header's buttons for the participants manager and the providers view. */
export function PanelButtons(): ReactNode {
  const panels = usePanels()
  return (
    <>
      <Tooltip label="Participants (personas)">
        <ActionIcon
          variant="default"
          size="lg"
          onClick={panels.openParticipants}
          aria-label="Participants"
        >
          <IconUsers size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Providers">
        <ActionIcon
          variant="default"
          size="lg"
          onClick={panels.openProviders}
          aria-label="Providers"
        >
          <IconPlugConnected size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  )
}
