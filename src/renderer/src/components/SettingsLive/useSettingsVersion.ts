import { useEffect, useState } from 'react'

import { useApi } from '../../api/ApiContext'

/**
 * A number that grows each time the open folders' settings are read again (providers.yaml, a
 * persona or template file changed on disk): a list of providers, personas or templates names it
 * among its effect's dependencies to fetch the new state while it stays open.
 */
export function useSettingsVersion(): number {
  const api = useApi()
  const [version, setVersion] = useState(0)
  useEffect(
    () => api.events.workspace.settingsChanged(() => setVersion((value) => value + 1)),
    [api],
  )
  return version
}
