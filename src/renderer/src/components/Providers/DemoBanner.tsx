import { Alert, Anchor, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { usePanels } from '../Panels/PanelsContext'
import { isFinished } from '../RunTurn/turn-state'
import type { TurnOutline } from '../RunTurn/turn-outline'
import { useTurn } from '../RunTurn/useTurn'
import { useSettingsVersion } from '../SettingsLive/useSettingsVersion'

export interface DemoBannerProps {
  /** The discussion's folder, whose providers count. */
  folder: string
  /** Changes when the providers may have changed. */
  version?: number
  /** The discussion shown: a turn running there on another provider is named instead. */
  path: string
}

const DEMO = 'demo'

/** The providers other than the demo that the running turn uses: chosen, or answering now. */
export function providersInUse(turn: TurnOutline | null): string[] {
  if (!turn || isFinished(turn)) return []
  const names = [turn.request.provider, ...turn.rows.map((row) => row.provider)]
  return [...new Set(names.filter((name): name is string => name !== null && name !== DEMO))]
}

/** Where a dismissal is kept: for the tab's session, so a new session says it again. */
const DISMISSED = 'discussions.demo-banner-dismissed'

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED) === '1'
  } catch {
    return false
  }
}

/**
 * Says plainly when answers would come from the offline demo provider, and links to the fix; the
 * person can dismiss it for the session.
 */
export function DemoBanner({ folder, version = 0, path }: DemoBannerProps): ReactNode {
  const api = useApi()
  const inUse = providersInUse(useTurn(path).turn)
  const panels = usePanels()
  const [demo, setDemo] = useState(false)
  const [dismissed, setDismissed] = useState(dismissedThisSession)
  const settings = useSettingsVersion()
  useEffect(() => {
    let current = true
    call(api.providers.list({ folder, probe: false })).then(
      (state) => current && setDemo(state.usingDemo),
      () => {}, // the banner is a hint: a broken providers.yaml is reported in the view itself
    )
    return () => {
      current = false
    }
  }, [api, folder, version, settings])
  if (!demo || dismissed) return null
  const dismiss = (): void => {
    setDismissed(true)
    try {
      sessionStorage.setItem(DISMISSED, '1')
    } catch {
      // Without storage the banner stays away until the page reloads.
    }
  }
  return (
    <Alert
      color="yellow"
      mx="md"
      mt="xs"
      p="xs"
      data-testid="demo-banner"
      withCloseButton
      closeButtonLabel="Dismiss the demo notice for this session"
      onClose={dismiss}
    >
      <Text size="sm">
        {inUse.length > 0 ? (
          <>
            This turn uses <b>{inUse.join(', ')}</b>; turns without a chosen provider use the
            offline <b>demo</b> provider, whose answers are canned.{' '}
          </>
        ) : (
          <>
            Turns use the offline <b>demo</b> provider: answers are canned, not from a model.{' '}
          </>
        )}
        <Anchor component="button" size="sm" onClick={panels.openProviders}>
          Choose a provider
        </Anchor>
      </Text>
    </Alert>
  )
}
