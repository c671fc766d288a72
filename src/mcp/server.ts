/**
 * One MCP server instance on a served folder: the tools, the discussion resources and the
 * review prompt, over the engine alone. A client can read, write and run discussions in the
 * folder; it can neither add nor change providers, trust or personas (no tool does that).
 */
import { McpServer } from '@modelcontextprotocol/server'

import type { McpContext } from './context.js'
import { registerPrompts } from './prompts.js'
import { registerResources } from './resources.js'
import type { DiscussionResources } from './resources.js'
import type { Runs } from './runs.js'
import type { ServedFolder } from './served-folder.js'
import { registerCouncilTools } from './tools/council-tools.js'
import { registerDebateTools } from './tools/debate-tools.js'
import { registerDiscussionReads } from './tools/discussion-reads.js'
import { registerDiscussionWrites } from './tools/discussion-writes.js'
import { registerTurnTools } from './tools/turn-tools.js'

export const SERVER_NAME = 'discussions'

const INSTRUCTIONS = `Orchestrated Discussions: structured discussions between AI personas in markdown files that only grow, in the folder this server serves. Start with list_discussions or create_discussion; read_discussion pages through one; add_comment takes part (signed as you, an agent); run_turn asks the personas and turn_status follows the turn; votes and advance_phase move it through its template's phases. Councils and debates run the same way (run_council / run_debate, then *_status).`

export function createServer(
  folder: ServedFolder,
  runs: Runs,
  options: { version: string; everyChange: boolean },
): { mcp: McpServer; resources: DiscussionResources } {
  const mcp = new McpServer(
    { name: SERVER_NAME, version: options.version },
    { instructions: INSTRUCTIONS },
  )
  const resources = registerResources(mcp, folder, options.everyChange)
  const context: McpContext = { mcp, folder, runs, follow: (file) => resources.follow(file) }
  registerDiscussionReads(context)
  registerDiscussionWrites(context)
  registerTurnTools(context)
  registerCouncilTools(context)
  registerDebateTools(context)
  registerPrompts(context)
  return { mcp, resources }
}
