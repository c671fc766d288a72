// Electron composition root: reads the environment once, builds the backend with the desktop
// shell (folder picker, link confirmation, quit), serves the renderer and opens the window.
import { join } from 'node:path'

import { app, BrowserWindow } from 'electron'

import { createBackend } from '../backend/index.js'
import type { Backend } from '../backend/index.js'
import { ignoredFolderSettings, withShellPath } from '../node/engine/index.js'
import { registerIpc } from './ipc.js'
import { confirmAndOpen, pickFolder } from './links.js'
import { registerAppScheme, serveRenderer } from './protocol.js'
import { createMainWindow } from './window.js'

const env = { ...process.env }
for (const line of ignoredFolderSettings(env, process.platform)) console.warn(line)
const folder = env.DISCUSSIONS_UI_FOLDER ?? process.cwd()
let backend: Backend | null = null

registerAppScheme()

async function start(): Promise<void> {
  serveRenderer(join(import.meta.dirname, '../renderer'))
  let window: BrowserWindow | null = null
  const theBackend = (backend ??= await createBackend({
    shell: {
      mode: 'electron',
      pickFolder: () => (window ? pickFolder(window) : Promise.resolve(null)),
      openExternal: (url) => (window ? confirmAndOpen(window, url) : Promise.resolve(false)),
      quit: () => app.quit(),
    },
    // Launched from a desktop, the PATH lacks the shell's: provider CLIs would not be found.
    env: await withShellPath(env),
    platform: process.platform,
    folders: [folder],
    version: app.getVersion(),
    onUnexpectedError: (channel, error) => console.error(`${channel}:`, error),
  }))
  window = createMainWindow(env.DISCUSSIONS_UI_ROUTE ?? '')
  // Registered before the page can run any script, so no early request finds no handler.
  const unregister = registerIpc(theBackend, window)
  window.on('closed', unregister)
}

app.on('web-contents-created', (_event, contents) => {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
})
void app.whenReady().then(start)
app.on('window-all-closed', () => {
  backend?.close()
  app.quit()
})
app.on('activate', () => {
  if (BrowserWindow.getAllWindows().length === 0) void start()
})
