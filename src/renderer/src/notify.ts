import { notifications } from '@mantine/notifications'
import { useEffect, useRef } from 'react'

import { guiText } from './lib/gui-text'

/** Below Mantine's modals and drawers (200), so a toast never hides a dialog's buttons. */
export const TOAST_Z_INDEX = 190

/** Shows an error a person can read (never a stack) as a notification. */
export function notifyError(message: string, title = 'Something went wrong'): void {
  notifications.show({ color: 'red', title, message: guiText(message), autoClose: 8000 })
}

export function notifyInfo(message: string, title?: string): void {
  notifications.show({ color: 'blue', title, message: guiText(message), autoClose: 4000 })
}

/**
 * Closes every toast when the person leaves a discussion: what they said was about the
 * discussion left behind (a turn's phase change, restored answers), not the next screen.
 */
export function useToastsCloseOnLeave(discussion: string | null): void {
  const previous = useRef(discussion)
  useEffect(() => {
    if (previous.current !== null && previous.current !== discussion) notifications.clean()
    previous.current = discussion
  }, [discussion])
}
