import { useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'

import { useApi } from '../../api/ApiContext'
import { notifications } from '@mantine/notifications'
import { ParticipantsManager } from '../Participants/ParticipantsManager'
import { ProvidersView } from '../Providers/ProvidersView'
import { PanelsContext } from './PanelsContext'

export interface AppPanelsProps {
  /** The folder whose project personas and providers count; null: the first open one. */
  folder: string | null
  children: ReactNode
}

/**
 * The participants manager and the providers view, open over whatever is shown, and the notice
 * that answers an editor saved over were restored.
 */
export function AppPanels({ folder, children }: AppPanelsProps): ReactNode {
  const api = useApi()
  const [open, setOpen] = useState<'providers' | 'participants' | null>(null)
  const panels = useMemo(
    () => ({
      openProviders: () => setOpen('providers'),
      openParticipants: () => setOpen('participants'),
    }),
    [],
  )

  useEffect(
    () =>
      api.events.discussion.restored(({ path, authors }) => {
        const name = path.split(/[\\/]/).pop() ?? path
        notifications.show({
          color: 'orange',
          title: 'Lost answers restored',
          message: `${name} was saved over from an older copy; ${authors.length} comment${authors.length === 1 ? '' : 's'} (${[...new Set(authors)].join(', ')}) appended again at the end. Reload your editor before saving again.`,
          autoClose: false,
        })
      }),
    [api],
  )

  return (
    <PanelsContext.Provider value={panels}>
      {children}
      <ParticipantsManager
        opened={open === 'participants'}
        folder={folder}
        onClose={() => setOpen(null)}
      />
      <ProvidersView opened={open === 'providers'} folder={folder} onClose={() => setOpen(null)} />
    </PanelsContext.Provider>
  )
}
