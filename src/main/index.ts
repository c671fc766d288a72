// Electron composition root: one secure window on the bundled renderer.
import { join } from 'node:path'

import { app, BrowserWindow } from 'electron'

import { APP_NAME } from '../shared/app-info.js'

function createWindow(): void {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    title: APP_NAME,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  })
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  window.webContents.on('will-navigate', (event) => event.preventDefault())
  void window.loadFile(join(import.meta.dirname, '../renderer/index.html'))
}

void app.whenReady().then(createWindow)
app.on('window-all-closed', () => app.quit())
