// The only bridge between the sandboxed page and the main process. Each contract channel becomes
// one function on window.api; the raw ipcRenderer is never exposed.
import { contextBridge } from 'electron'

contextBridge.exposeInMainWorld('api', { platform: process.platform })
