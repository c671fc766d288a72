/** The browser mode as one call: a backend on the folder, served on 127.0.0.1. */
import { createBackend } from '../backend/index.js'
import { startUiServer } from './server.js'
import type { UiServer } from './server.js'

export { startUiServer } from './server.js'
export type { UiServer, UiServerOptions } from './server.js'

export interface BrowserModeOptions {
  folder: string
  rendererDir: string
  port?: number
  env: NodeJS.ProcessEnv
  version: string
  onUnexpectedError?: (channel: string, error: unknown) => void
}

export async function serveBrowserMode(options: BrowserModeOptions): Promise<UiServer> {
  const backend = await createBackend({
    shell: { mode: 'browser' },
    env: options.env,
    platform: process.platform,
    folders: [options.folder],
    // A page is reachable by anything on this machine that gets the token: it sees one folder.
    confine: true,
    version: options.version,
    onUnexpectedError: options.onUnexpectedError,
  })
  const server = await startUiServer({
    backend,
    rendererDir: options.rendererDir,
    port: options.port,
  })
  return {
    ...server,
    close: async () => {
      await server.close()
      backend.close()
    },
  }
}
