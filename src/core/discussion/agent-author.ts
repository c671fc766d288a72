/**
 * Coding agents that take part through the MCP server sign as `AI-agent-<client>`: an AI's name
 * (so never taken for a human's READY), and never a persona's, so routing never asks one for a
 * turn and its vote counts only where the discussion lists it among its participants, by that
 * full name (`Participants: architect, security, AI-agent-claude-code`).
 */

const AGENT_PREFIX = 'AI-agent-'
const AGENT_NAME = /^ai-agent-/i
/** Long enough for any client's name; a signature, not a paragraph. */
const MAX_CLIENT_CHARS = 40

/**
 * The name an agent signs with, from a client's self-reported name (the MCP handshake's
 * `clientInfo.name`, which the client chooses freely): lower-case letters, digits and single
 * dashes only, so it can hold no newline, marker, mention or markup. Null when nothing is left.
 * A name that already reads `AI-agent-x` keeps its part after the prefix.
 */
export function agentAuthor(clientName: string): string | null {
  const client = clientName
    .normalize('NFKD')
    .replace(AGENT_NAME, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_CLIENT_CHARS)
    .replace(/-+$/, '')
  return client === '' ? null : `${AGENT_PREFIX}${client}`
}

/** A comment's author or a Participants entry that names an agent (any case). */
export function isAgentName(name: string): boolean {
  return AGENT_NAME.test(name.trim())
}

/**
 * Whether a vote signed `author` counts: anyone's but an agent's, and an agent's only when the
 * discussion's participants (as `splitList` reads them) name it.
 */
export function voteCounts(author: string, participants: readonly string[]): boolean {
  if (!isAgentName(author)) return true
  const name = author.trim().toLowerCase()
  return participants.some((participant) => participant.toLowerCase() === name)
}
