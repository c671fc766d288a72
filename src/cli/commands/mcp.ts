import { resolve } from 'node:path'

import type { Command } from '@commander-js/extra-typings'

import { serveMcp } from '../../mcp/index.js'
import type { CliIO } from '../io.js'
import { packageVersion } from '../app-build.js'

export function registerMcp(program: Command, io: CliIO): void {
  program
    .command('mcp')
    .description(
      'Serve a folder of discussions to coding agents (Claude Code, Codex, Gemini CLI, Cursor) over MCP on stdio.',
    )
    .argument(
      '[folder]',
      'the folder served; nothing outside it is read or written (default: here)',
    )
    .action(async (folder) => {
      // stdout carries the protocol: nothing else may be written to it until the client leaves.
      // It is JSON-RPC read by a program, not a terminal, so it takes the raw streams: the
      // terminal sanitiser would rewrite the text inside the messages.
      await serveMcp({
        folder: resolve(io.cwd, folder ?? '.'),
        env: io.env,
        stdin: io.stdin,
        stdout: io.stdout.unsanitisedStream,
        stderr: io.stderr,
        version: packageVersion(),
      })
    })
}
