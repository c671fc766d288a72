/**
 * Every tool answers the same way: its value as JSON text (what a model reads) and as structured
 * content (what its output schema describes); a failure is a tool error in words, never a thrown
 * protocol error or a crash. A result is kept well under the 10,000 tokens Claude Code warns at,
 * counted as the project counts tokens everywhere (about four characters a token).
 */
import type { CallToolResult } from '@modelcontextprotocol/server'

import { DiscussionError } from '../core/errors.js'
import { estimateTokens } from '../core/providers/usage.js'
import { ConfigError } from '../node/engine/index.js'

/** The most a whole result may weigh (text and structured content together). */
export const RESULT_TOKEN_LIMIT = 8_000

/** The tokens a result costs a client: the whole result as it travels. */
export function resultTokens(result: CallToolResult): number {
  return estimateTokens(JSON.stringify(result))
}

export function answer(value: Record<string, unknown>): CallToolResult {
  const result: CallToolResult = {
    content: [{ type: 'text', text: JSON.stringify(value) }],
    structuredContent: value,
  }
  // The tools page their output below this; passing it is a bug here, said as one.
  if (resultTokens(result) > RESULT_TOKEN_LIMIT)
    return refusal(
      'The answer came out larger than a tool result may be; ask for less (a smaller max_chars, or a narrower filter).',
    )
  return result
}

export function refusal(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true }
}

/**
 * An error as the client should read it: a person's (or an agent's) mistake in its own words,
 * with this machine's paths shown relative to the served folder; anything else says it was
 * unexpected, so a client can tell a refusal from a fault.
 */
export function inWords(error: unknown, root: string): string {
  const relative = (text: string): string => text.replaceAll(`${root}/`, '').replaceAll(root, '.')
  if (error instanceof ConfigError) return relative(error.messageFrom(root))
  if (error instanceof DiscussionError) return relative(error.message)
  const message = error instanceof Error ? error.message : String(error)
  return `Unexpected error: ${relative(message)}`
}
