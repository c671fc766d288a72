/**
 * `discussions mcp`: the MCP face. Serves one folder over stdio (the official TypeScript SDK's
 * stdio entry, which speaks both the 2025 and the 2026 protocol), until the client closes the
 * connection; then the runs still going are stopped (what arrived is kept in the files).
 */
import type { Readable, Writable } from 'node:stream'

import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio'

import { Runs } from './runs.js'
import { ServedFolder } from './served-folder.js'
import { createServer } from './server.js'
import type { DiscussionResources } from './resources.js'

export interface McpServeOptions {
  /** The folder served; nothing outside it is read or written. */
  folder: string
  env: NodeJS.ProcessEnv
  stdin: Readable
  stdout: Writable
  /** Where the server's own errors go: a person's terminal, so the CLI's sanitising output. */
  stderr: { write: (text: string) => unknown }
  version: string
}

/** Serves until the client closes stdin; refuses at once a folder that cannot be served. */
export async function serveMcp(options: McpServeOptions): Promise<void> {
  const folder = await ServedFolder.open(options.folder, options.env)
  const runs = new Runs()
  const opened: DiscussionResources[] = []
  const closed = new Promise<void>((resolve) => {
    options.stdin.once('end', resolve)
    options.stdin.once('close', resolve)
  })
  const handle = serveStdio(
    ({ era }) => {
      const { mcp, resources } = createServer(folder, runs, {
        version: options.version,
        everyChange: era === 'modern',
      })
      opened.push(resources)
      return mcp
    },
    {
      transport: new StdioServerTransport(options.stdin, options.stdout),
      onerror: (error) => options.stderr.write(`discussions mcp: ${error.message}\n`),
    },
  )
  await closed
  runs.cancelAll()
  for (const resources of opened) resources.close()
  await handle.close()
}
