// The only file that imports ipcMain. Each contract channel gets one handler that checks the
// sender is the app's own top frame, then passes the payload to the backend, which validates it.
import { ipcMain } from 'electron'
import type { BrowserWindow, IpcMainInvokeEvent } from 'electron'

import type { Backend } from '../backend/index.js'
import { INVOKE_CHANNELS } from '../shared/contract/channels.js'
import { APP_ORIGIN } from './protocol.js'

function trusted(event: IpcMainInvokeEvent, window: BrowserWindow): boolean {
  const frame = event.senderFrame
  if (!frame || frame !== window.webContents.mainFrame) return false
  try {
    return new URL(frame.url).origin === APP_ORIGIN
  } catch {
    return false
  }
}

export function registerIpc(backend: Backend, window: BrowserWindow): () => void {
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, (event, payload: unknown) =>
      trusted(event, window)
        ? backend.invoke(channel, payload)
        : { error: { message: 'Refused: the request did not come from the app window.' } },
    )
  }
  const unsubscribe = backend.subscribe((channel, payload) => {
    if (!window.isDestroyed()) window.webContents.send(channel, payload)
  })
  return () => {
    unsubscribe()
    for (const channel of INVOKE_CHANNELS) ipcMain.removeHandler(channel)
  }
}
