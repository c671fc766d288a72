import { useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'

import { notifications } from '@mantine/notifications'

import type { DiscussionRestored } from '@shared/contract'
import { useApi } from '../../api/ApiContext'
import { ParticipantsManager } from '../Participants/ParticipantsManager'
import { ProvidersView } from '../Providers/ProvidersView'
import { PanelsContext } from './PanelsContext'
import { useSettingsToasts } from '../SettingsLive/useSettingsToasts'

const phaseName = (id: string | null): string => (id ? id.replace(/_/g, ' ') : 'none')

/** What an older copy saved over the file took away, and what was done about each part. */
export function restoredMessage({ path, authors, phase }: DiscussionRestored): string {
  const name = path.split(/[\\/]/).pop() ?? path
  const parts = [`${name} was saved over from an older copy.`]
  if (authors.length > 0)
    parts.push(
      `${authors.length} comment${authors.length === 1 ? '' : 's'} (${[...new Set(authors)].join(', ')}) appended again at the end.`,
    )
  if (phase?.restored)
    parts.push(
      `The phase change from ${phaseName(phase.from)} to ${phaseName(phase.to)} was made again.`,
    )
  else if (phase)
    parts.push(
      `The phase change from ${phaseName(phase.from)} to ${phaseName(phase.to)} was NOT restored: the file is now in ${phaseName(phase.current)}. Use Advance to choose the phase.`,
    )
  parts.push('Reload your editor before saving again.')
  return parts.join(' ')
}

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

  useSettingsToasts()
  useEffect(
    () =>
      api.events.discussions.restored((restored) => {
        notifications.show({
          color: 'orange',
          title: restored.authors.length > 0 ? 'Lost answers restored' : 'Lost phase change',
          message: restoredMessage(restored),
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
