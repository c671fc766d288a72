// Opening a link from a comment: the backend has already checked it is https or mailto; the
// person confirms in a system dialog that shows the whole URL before it leaves the app.
import { dialog, shell } from 'electron'
import type { BrowserWindow } from 'electron'

export async function confirmAndOpen(window: BrowserWindow, url: string): Promise<boolean> {
  const { response } = await dialog.showMessageBox(window, {
    type: 'question',
    buttons: ['Open link', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    message: 'Open this link outside the app?',
    detail: url,
  })
  if (response !== 0) return false
  await shell.openExternal(url)
  return true
}

export async function pickFolder(window: BrowserWindow): Promise<string | null> {
  const result = await dialog.showOpenDialog(window, {
    title: 'Open a folder of discussions',
    properties: ['openDirectory'],
  })
  return result.canceled ? null : (result.filePaths[0] ?? null)
}
