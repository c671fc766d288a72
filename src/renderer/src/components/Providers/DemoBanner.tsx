import { Alert, Anchor, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { usePanels } from '../Panels/PanelsContext'

export interface DemoBannerProps {
  /** The discussion's folder, whose providers count. */
  folder: string
  /** Changes when the providers may have changed. */
  version?: number
}

/** Says plainly when answers would come from the offline demo provider, and links to the fix. */
export function DemoBanner({ folder, version = 0 }: DemoBannerProps): ReactNode {
  const api = useApi()
  const panels = usePanels()
  const [demo, setDemo] = useState(false)
  useEffect(() => {
    let current = true
    call(api.providers.list({ folder, probe: false })).then(
      (state) => current && setDemo(state.usingDemo),
      () => {}, // the banner is a hint: a broken providers.yaml is reported in the view itself
    )
    return () => {
      current = false
    }
  }, [api, folder, version])
  if (!demo) return null
  return (
    <Alert color="yellow" mx="md" mt="xs" p="xs" data-testid="demo-banner">
      <Text size="sm">
        Turns use the offline <b>demo</b> provider: answers are canned, not from a model.{' '}
        <Anchor component="button" size="sm" onClick={panels.openProviders}>
          Choose a provider
        </Anchor>
      </Text>
    </Alert>
  )
}
