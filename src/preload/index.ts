// The only bridge between the sandboxed page and the main process: one function per contract
// channel on window.api, each bound to its own channel. Neither ipcRenderer nor process.env is
// exposed, and listeners never receive the IPC event (it carries `sender`).
import { contextBridge, ipcRenderer } from 'electron'

import { buildApi } from '../shared/contract/build-api.js'
import type { Reply } from '../shared/contract/common.js'

const api = buildApi(
  (channel, request) => ipcRenderer.invoke(channel, request) as Promise<Reply<unknown>>,
  (channel, listener) => {
    const forward = (_event: Electron.IpcRendererEvent, payload: unknown): void => listener(payload)
    ipcRenderer.on(channel, forward)
    return () => void ipcRenderer.removeListener(channel, forward)
  },
)

contextBridge.exposeInMainWorld('api', api)
