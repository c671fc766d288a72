/** What every tool, resource and prompt of one server works with. */
import type { McpServer } from '@modelcontextprotocol/server'

import type { Runs } from './runs.js'
import type { ServedFolder } from './served-folder.js'

export interface McpContext {
  mcp: McpServer
  folder: ServedFolder
  runs: Runs
  /** Tells the resources a discussion was created, so its changes are seen from now on. */
  follow: (file: string) => Promise<void>
}
