/**
 * The name a client's comments are signed with: `mcp.author` from the settings when set, else
 * `AI-agent-<client>` from the name the client gave in its handshake; either way made safe and
 * read as a coding agent's (src/core/discussion/agent-author.ts), never as a persona's or a
 * human's. A name that a persona also answers to is refused: votes and routing would mix them.
 */
import { CLIENT_INFO_META_KEY } from '@modelcontextprotocol/server'
import type { McpServer, ServerContext } from '@modelcontextprotocol/server'

import { agentAuthor } from '../core/discussion/agent-author.js'
import { DiscussionError } from '../core/errors.js'
import { aliasOfAuthor } from '../core/routing/route.js'
import type { Engine } from '../node/engine/index.js'

/** When a client gives no usable name. */
const UNNAMED_CLIENT = 'AI-agent-client'

/** The client's name: from the request (protocol 2026-07-28), else from the handshake. */
export function clientName(mcp: McpServer, ctx: ServerContext): string | null {
  const envelope: Record<string, unknown> = ctx.mcpReq.envelope ?? {}
  const fromRequest = envelope[CLIENT_INFO_META_KEY]
  const name =
    typeof fromRequest === 'object' && fromRequest !== null && 'name' in fromRequest
      ? fromRequest.name
      : // The 2025 handshake's clientInfo, which this accessor keeps.
        mcp.server.getClientVersion()?.name
  return typeof name === 'string' ? name : null
}

export async function agentSignature(engine: Engine, client: string | null): Promise<string> {
  const configured = engine.config.mcp.author
  const name =
    (configured !== null ? agentAuthor(configured) : agentAuthor(client ?? '')) ?? UNNAMED_CLIENT
  const alias = aliasOfAuthor(name)
  if ((await engine.personas()).get(alias))
    throw new DiscussionError(
      `This client would sign as ${name}, but a persona answers to @${alias}; set mcp.author in discussions.yaml to another name.`,
    )
  return name
}
