// The one window: sandboxed, isolated, no Node; it may show only app://bundle pages, opens no
// other windows and asks for no permissions. Links leave through the checked opener (links.ts).
// Checked against Electron's security checklist (docs/tutorial/security.md, Electron 45): the
// settings that are already Electron's defaults are written out, so a reader sees them all.
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
  // Checklist 5: no permission is granted (notifications, media, geolocation ...), nor any
  // device (HID, serial, USB), whatever a page asks.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  )
  session.defaultSession.setPermissionCheckHandler(() => false)
  session.defaultSession.setDevicePermissionHandler(() => false)
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 760,
    minHeight: 480,
    title: APP_NAME,
    show: false,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      // Checklist 2-4: no Node in the page, its frames or workers; isolated; sandboxed.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      // Checklist 6, 8-10: web security on, no mixed content, no experimental features.
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      // Checklist 11-12: no <webview> at all.
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  })
  window.once('ready-to-show', () => window.show())
  // Checklist 14: no new windows (index.ts says the same for every web contents).
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  // Checklist 13: the page and its frames (the Mermaid frame is the app's own page) stay on the
  // app's origin, redirects included.
  window.webContents.on('will-navigate', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault()
  })
  window.webContents.on('will-frame-navigate', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault()
  })
  window.webContents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault()
  })
  window.webContents.on('will-attach-webview', (event) => event.preventDefault())
  void window.loadURL(`${APP_ORIGIN}/index.html${route.startsWith('#/') ? route : ''}`)
  return window
}
