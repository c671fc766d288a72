import { useEffect, useMemo, useState } from 'react'

import type { ParticipantInfo, PersonaInfo } from '@shared/contract'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import type { MentionCandidate } from './mention-query'
import { useSettingsVersion } from '../SettingsLive/useSettingsVersion'

/**
 * Who can be @mentioned in a discussion: its participants (people and personas, as the file
 * names them), then the personas the folder knows that are not in it yet.
 */
export function useMentionCandidates(
  path: string,
  participants: readonly ParticipantInfo[],
): MentionCandidate[] {
  const api = useApi()
  const [personas, setPersonas] = useState<readonly PersonaInfo[]>([])
  const folder = path.replace(/[\\/][^\\/]*$/, '')
  const settings = useSettingsVersion()
  useEffect(() => {
    let current = true
    // Without the folder's personas the participants are still offered: nothing to report.
    call(api.personas.list({ folder })).then(
      (list) => current && setPersonas(list),
      () => {},
    )
    return () => {
      current = false
    }
  }, [api, folder, settings])
  return useMemo(
    () => [
      ...participants.map((p): MentionCandidate => ({
        alias: p.alias,
        name: p.name,
        role: p.role ?? (p.human ? 'Person' : ''),
        source: 'participant',
      })),
      ...personas.map((p): MentionCandidate => ({
        alias: p.alias,
        name: p.name,
        role: p.role,
        source: 'persona',
      })),
    ],
    [participants, personas],
  )
}
