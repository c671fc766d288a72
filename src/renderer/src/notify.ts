import { notifications } from '@mantine/notifications'

/** Shows an error a person can read (never a stack) as a notification. */
export function notifyError(message: string, title = 'Something went wrong'): void {
  notifications.show({ color: 'red', title, message, autoClose: 8000 })
}

export function notifyInfo(message: string, title?: string): void {
  notifications.show({ color: 'blue', title, message, autoClose: 4000 })
}
