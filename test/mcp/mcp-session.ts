/**
 * The SDK's own client, over stdio, against the real bin: `node bin/discussions.cjs mcp FOLDER`
 * in a child process, as Claude Code or Codex start it. Every tool result is measured in tokens
 * with the project's estimator, so a test can report (and bound) the largest one.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'

import { Client } from '@modelcontextprotocol/client'
import type { CallToolResult } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { expect } from 'vitest'

import { estimateTokens } from '../../src/core/providers/usage.js'
import { pathWithNode } from '../providers/stand-ins.js'
import { BIN, binEnv } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'

/** A served folder (a project: `.git` marks its root) with its own user config and state. */
export interface McpWorkspace {
  root: string
  env: Record<string, string>
}

export async function mcpWorkspace(
  prefix = 'discussions-mcp-',
  shared?: { config: string; state: string },
): Promise<McpWorkspace> {
  const root = await tempFolder(prefix)
  await mkdir(join(root, '.git'), { recursive: true })
  const config = shared?.config ?? join(root, '.config')
  await mkdir(config, { recursive: true })
  return {
    root,
    env: {
      DISCUSSIONS_CONFIG_DIR: config,
      DISCUSSIONS_STATE_DIR: shared?.state ?? join(root, '.state'),
      DISCUSSIONS_USER: 'Rob',
      HOME: root,
      PATH: pathWithNode(),
    },
  }
}

export interface ToolCall {
  result: CallToolResult
  /** The structured content; `{}` for an error. */
  value: Record<string, unknown>
  error: string | null
  tokens: number
}

export interface McpSession {
  client: Client
  /** Calls a tool; the result's size is recorded. */
  call: (
    name: string,
    args: Record<string, unknown>,
    options?: Parameters<Client['callTool']>[1],
  ) => Promise<ToolCall>
  /** Calls a tool that must succeed and returns its structured content. */
  ok: <T = Record<string, unknown>>(name: string, args: Record<string, unknown>) => Promise<T>
  /** Calls a tool that must fail and returns its error text. */
  refused: (name: string, args: Record<string, unknown>) => Promise<string>
  /** The largest tool result so far, in tokens, and the call that gave it. */
  largest: () => { tokens: number; tool: string }
  stderr: () => string
  close: () => Promise<void>
}

export async function openSession(
  space: McpWorkspace,
  options: {
    clientName?: string
    folder?: string
    negotiation?: 'legacy' | 'auto'
    env?: Record<string, string>
  } = {},
): Promise<McpSession> {
  const client = new Client(
    { name: options.clientName ?? 'claude-code', version: '2.1.0' },
    options.negotiation === 'auto' ? { versionNegotiation: { mode: 'auto' } } : {},
  )
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', options.folder ?? space.root],
    cwd: space.root,
    // The pass's compile cache (the journey runs cold, then warm), and nothing of this process's.
    env: definedOnly(binEnv({ ...space.env, ...options.env }, {})),
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  await client.connect(transport)
  let largest = { tokens: 0, tool: '' }
  const call: McpSession['call'] = async (name, args, callOptions) => {
    const result = await client.callTool({ name, arguments: args }, callOptions)
    const tokens = estimateTokens(JSON.stringify(result))
    if (tokens > largest.tokens) largest = { tokens, tool: name }
    const error = result.isError === true ? textOf(result) : null
    const value = (result.structuredContent ?? {}) as Record<string, unknown>
    return { result, value, error, tokens }
  }
  return {
    client,
    call,
    ok: async <T>(name: string, args: Record<string, unknown>) => {
      const { value, error } = await call(name, args)
      expect(error, `${name} failed`).toBeNull()
      return value as T
    },
    refused: async (name, args) => {
      const { error } = await call(name, args)
      expect(error, `${name} should have been refused`).not.toBeNull()
      return error ?? ''
    },
    largest: () => largest,
    stderr: () => stderr,
    close: () => client.close(),
  }
}

function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
}

function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
}

/** Polls a `*_status` tool until the run is no longer running; returns its last status. */
export async function untilSettled<T extends { state: string }>(
  session: McpSession,
  tool: string,
  runId: string,
): Promise<{ last: T; polls: number }> {
  for (let polls = 1; polls <= 120; polls++) {
    const status = await session.ok<T>(tool, { run_id: runId, wait_s: 5 })
    if (status.state !== 'running') return { last: status, polls }
  }
  throw new Error(`${tool} ${runId} still running after 120 polls`)
}
