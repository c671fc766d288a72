import { notifications } from '@mantine/notifications'
import { useEffect } from 'react'

import { useApi } from '../../api/ApiContext'
import { settingsMessage } from './settings-message'

/** One toast at a time: a newer change replaces the one shown, never stacks beside it. */
const TOAST_ID = 'settings-changed'

/** Tells the person, in one toast, what changed in the settings on disk while the app runs. */
export function useSettingsToasts(): void {
  const api = useApi()
  useEffect(
    () =>
      api.events.workspace.settingsChanged((change) => {
        const { title, lines, problem } = settingsMessage(change)
        notifications.hide(TOAST_ID)
        notifications.show({
          id: TOAST_ID,
          color: problem ? 'red' : 'blue',
          title,
          message: lines.map((line, index) => <div key={index}>{line}</div>),
          autoClose: problem ? false : 6000,
        })
      }),
    [api],
  )
}
