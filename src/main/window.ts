// The one window: sandboxed, isolated, no Node; it may show only app://bundle pages, opens no
// other windows and asks for no permissions. Links leave through the checked opener (links.ts).
import { join } from 'node:path'

import { BrowserWindow, session } from 'electron'

import { APP_NAME } from '../shared/app-info.js'
import { APP_ORIGIN } from './protocol.js'

function isAppUrl(url: string): boolean {
  try {
    return new URL(url).origin === APP_ORIGIN
  } catch {
    return false
  }
}

/** `route`: a renderer hash to open at start (`discussions ui FILE`), or ''. */
export function createMainWindow(route = ''): BrowserWindow {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  )
  session.defaultSession.setPermissionCheckHandler(() => false)
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 760,
    minHeight: 480,
    title: APP_NAME,
    show: false,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: false,
    },
  })
  window.once('ready-to-show', () => window.show())
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  window.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault()
  })
  window.webContents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault()
  })
  window.webContents.on('will-attach-webview', (event) => event.preventDefault())
  void window.loadURL(`${APP_ORIGIN}/index.html${route.startsWith('#/') ? route : ''}`)
  return window
}
