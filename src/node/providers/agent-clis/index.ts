/**
 * The AI command-line tools the project knows, recognised by the program's name, however the
 * command names it (`claude`, `/usr/local/bin/claude`, `$HOME/.opencode/bin/opencode`,
 * `codex.cmd`): an entry such as `command: claude -p --model sonnet` is spoken to in its
 * structured mode without edits.
 */
import { basename } from 'node:path'

import type { AgentCli } from './agent-cli.js'
import { claude } from './claude.js'
import { codex } from './codex.js'
import { gemini } from './gemini.js'
import { opencode } from './opencode.js'

export type { AgentCli } from './agent-cli.js'
export { agentDialect } from './stream-reader.js'

export const AGENT_CLIS: readonly AgentCli[] = [claude, codex, gemini, opencode]

/** The known CLI a command runs, or null for any other program. */
export function agentCliFor(argv: readonly string[]): AgentCli | null {
  const name = basename(argv[0] ?? '')
    .replace(/\.(exe|cmd|bat|ps1)$/i, '')
    .toLowerCase()
  return AGENT_CLIS.find((cli) => cli.name === name) ?? null
}
