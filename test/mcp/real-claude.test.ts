/**
 * The real Claude Code (installed by scripts/install-agent-clis.mjs) as the MCP client of
 * `discussions mcp`, inside a loopback-only network namespace against the Messages API stand-in:
 * registered with `--mcp-config` and `--strict-mcp-config`, no built-in tool, only
 * `mcp__discussions__*` allowed. The stand-in's scripted model calls create_discussion,
 * add_comment (with a vote) and read_discussion; the test checks the file those calls wrote and
 * prints the transcript as the client saw it. Cold, then warm (the server's compile cache).
 * Runs with the real CLIs' tests: `npx vitest run --config vitest.agents.config.ts`.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { parseDiscussion } from '../../src/core/format/parse.js'
import { estimateTokens } from '../../src/core/providers/usage.js'
import {
  API_KEY,
  MCP_PAGER_MODEL,
  MCP_SCRIPT_MODEL,
  MCP_SERVER_NAME,
  SCRIPT,
  installProblem,
  linkInstalledClis,
  namespaceProblem,
  openLoopbackNamespace,
} from '../support/agent-clis/index.js'
import type { InstalledClis, LoopbackNamespace } from '../support/agent-clis/index.js'
import { BIN, binEnv, coldThenWarm } from '../support/run-cli.js'
import { longDiscussion } from './long-discussion.js'

const problem = namespaceProblem() ?? installProblem()
if (problem) process.stderr.write(`real Claude Code MCP test skipped: ${problem}\n`)

const TOOLS = `mcp__${MCP_SERVER_NAME}__*`
const DEFERRED_PLACEHOLDER = 'DeferredToolPlaceholder'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function events(stdout: string): Json[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as unknown)
    .filter(isObject)
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '')

const shorten = (text: string, most = 1_200): string =>
  text.length > most ? `${text.slice(0, most)}... (${text.length} chars)` : text

/** A step of the conversation as claude's stream-json shows it. */
type Step =
  | { kind: 'call'; name: string; input: unknown }
  | { kind: 'result'; text: string; error: boolean }
  | { kind: 'text' | 'end'; text: string }

function conversation(stream: Json[]): Step[] {
  const steps: Step[] = []
  for (const event of stream) {
    const message = isObject(event.message) ? event.message : {}
    const content = Array.isArray(message.content) ? message.content.filter(isObject) : []
    if (event.type === 'assistant')
      for (const block of content) {
        if (block.type === 'tool_use')
          steps.push({ kind: 'call', name: String(block.name), input: block.input })
        if (block.type === 'text') steps.push({ kind: 'text', text: String(block.text) })
      }
    if (event.type === 'user')
      for (const block of content)
        if (block.type === 'tool_result')
          steps.push({
            kind: 'result',
            error: block.is_error === true,
            text:
              typeof block.content === 'string'
                ? block.content
                : Array.isArray(block.content)
                  ? block.content
                      .filter(isObject)
                      .map((part) => textOf(part.text))
                      .join('')
                  : '',
          })
    if (event.type === 'result') steps.push({ kind: 'end', text: textOf(event.result) })
  }
  return steps
}

function transcript(steps: Step[]): string[] {
  return steps.map((step) =>
    step.kind === 'call'
      ? `-> ${step.name} ${JSON.stringify(step.input)}`
      : step.kind === 'result'
        ? `<- ${step.error ? 'ERROR ' : ''}${shorten(step.text)}`
        : `${step.kind === 'end' ? 'result' : 'assistant'}: ${step.text}`,
  )
}

/** A person's machine: a project to serve, discussions' own config and state, a home. */
async function machine(root: string, url: string) {
  const home = join(root, 'home')
  const project = join(root, 'project')
  await mkdir(join(project, '.git'), { recursive: true })
  await mkdir(join(root, 'config'), { recursive: true })
  // The person's own claude settings name an MCP server; --strict-mcp-config must keep it off.
  const ownServer = join(home, 'own-mcp-server-started')
  await mkdir(home, { recursive: true })
  await writeFile(
    join(home, '.claude.json'),
    JSON.stringify({
      mcpServers: { own: { type: 'stdio', command: 'sh', args: ['-c', `touch ${ownServer}`] } },
    }),
  )
  const serverEnv = {
    DISCUSSIONS_CONFIG_DIR: join(root, 'config'),
    DISCUSSIONS_STATE_DIR: join(root, 'state'),
    DISCUSSIONS_USER: 'Rob',
    NODE_COMPILE_CACHE: binEnv({}, {}).NODE_COMPILE_CACHE ?? '',
  }
  const mcpConfig = {
    mcpServers: {
      [MCP_SERVER_NAME]: {
        type: 'stdio',
        command: process.execPath,
        args: [BIN, 'mcp', project],
        env: serverEnv,
      },
    },
  }
  return { home, project, ownServer, serverEnv, mcpConfig, url }
}

describe.skipIf(problem !== null)('the real Claude Code as the MCP client', () => {
  let space: LoopbackNamespace
  let root: string
  let clis: InstalledClis

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'discussions-real-claude-mcp-'))
    clis = await linkInstalledClis(root)
    space = await openLoopbackNamespace()
  }, 120_000)
  afterAll(async () => {
    await space?.close()
    if (root) await rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 })
  })

  /** The real claude in the namespace, the server registered and only its tools allowed. */
  const claude = (
    model: string,
    mcpConfig: Json,
    home: string,
    project: string,
    url: string,
    options: { prompt: string },
  ) =>
    space.run({
      argv: [
        join(clis.bin, 'claude'),
        '-p',
        '--model',
        model,
        '--mcp-config',
        JSON.stringify(mcpConfig),
        '--strict-mcp-config',
        '--tools=',
        '--allowedTools',
        TOOLS,
        '--output-format',
        'stream-json',
        '--verbose',
        '--no-session-persistence',
      ],
      input: options.prompt,
      env: {
        PATH: `${clis.bin}:${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
        HOME: home,
        LANG: 'C.UTF-8',
        ANTHROPIC_BASE_URL: url,
        ANTHROPIC_API_KEY: API_KEY,
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_AUTOUPDATER: '1',
      },
      cwd: project,
      timeoutMs: 180_000,
    })

  coldThenWarm(
    'discussions mcp',
    (pass) => {
      it(
        'creates a discussion, comments on it with a vote and reads it back',
        { timeout: 240_000 },
        async () => {
          await space.forget()
          const { home, project, ownServer, mcpConfig, url } = await machine(
            join(root, pass),
            space.url,
          )
          const run = await claude(MCP_SCRIPT_MODEL, mcpConfig, home, project, url, {
            prompt: `Start a discussion titled "${SCRIPT.title}", give it your vote and read it back.`,
          })
          const stream = events(run.stdout)
          const steps = conversation(stream)
          const said = transcript(steps)
          expect(run.code, `${run.stderr}\n${said.join('\n')}`).toBe(0)

          // The client saw the server's tools under its name, and nothing else.
          const init = stream.find((event) => event.type === 'system' && event.subtype === 'init')
          const servers = (init?.mcp_servers ?? []) as { name: string; status: string }[]
          expect(servers).toEqual([
            expect.objectContaining({ name: MCP_SERVER_NAME, status: 'connected' }),
          ])
          const requests = (await space.requests()).filter(
            (request) =>
              request.url.startsWith('/v1/messages') && request.body?.model === MCP_SCRIPT_MODEL,
          )
          expect(requests.length).toBeGreaterThanOrEqual(4)
          // claude adds a placeholder of its own that keeps deferred tool loading on: it marks
          // it `defer_loading` and says never to call it; every tool the model may call is ours.
          const offered = (request: (typeof requests)[number]) =>
            (Array.isArray(request.body?.tools) ? request.body.tools : [])
              .filter(isObject)
              .filter(
                (tool) => !(tool.name === DEFERRED_PLACEHOLDER && tool.defer_loading === true),
              )
              .map((tool) => String(tool.name))
          const tools = offered(requests[0] as (typeof requests)[number])
          for (const request of requests) expect(offered(request)).toEqual(tools)
          expect(tools.filter((name) => !name.startsWith(`mcp__${MCP_SERVER_NAME}__`))).toEqual([])
          for (const tool of ['create_discussion', 'add_comment', 'read_discussion'])
            expect(tools).toContain(`mcp__${MCP_SERVER_NAME}__${tool}`)

          // The three calls, each answered without an error, then the scripted model's end.
          expect(steps.flatMap((step) => (step.kind === 'call' ? [step.name] : []))).toEqual([
            `mcp__${MCP_SERVER_NAME}__create_discussion`,
            `mcp__${MCP_SERVER_NAME}__add_comment`,
            `mcp__${MCP_SERVER_NAME}__read_discussion`,
          ])
          const results = steps.flatMap((step) => (step.kind === 'result' ? [step] : []))
          expect(results.map((step) => step.error)).toEqual([false, false, false])
          const result = stream.find((event) => event.type === 'result')
          expect(result).toMatchObject({ is_error: false })
          expect(String(result?.result)).toMatch(/^Created .+\.md, commented with READY/)

          // The file those calls wrote: the discussion, the agent among its participants, its
          // comment signed as the client with the vote; read_discussion gave that comment back.
          const files = await readdir(join(project, 'discussions'))
          expect(files).toEqual(['adopt-the-mcp-server.md'])
          const text = await readFile(join(project, 'discussions', files[0] ?? ''), 'utf8')
          const parsed = parseDiscussion(text)
          expect(text).toContain(`# ${SCRIPT.title}`)
          expect(text).toContain(SCRIPT.context)
          expect(parsed.comments).toEqual([
            expect.objectContaining({
              author: 'AI-agent-claude-code',
              body: `${SCRIPT.comment}\n\nVOTE: READY`,
              vote: 'READY',
            }),
          ])
          expect(text).toMatch(/<!-- Participants: .*\bai-agent-claude-code\b.* -->/i)
          const readBack = JSON.parse(results[2]?.text ?? '{}') as {
            comments?: { author: string; body: string }[]
          }
          expect(readBack.comments).toEqual([
            expect.objectContaining({
              author: 'AI-agent-claude-code',
              body: expect.stringContaining(SCRIPT.comment) as unknown,
            }),
          ])

          // The person's own MCP server was never started.
          await expect(readFile(ownServer)).rejects.toThrow()

          process.stdout.write(
            `\n--- ${pass}: the real Claude Code (${clis.versions['@anthropic-ai/claude-code'] ?? '?'}) through discussions mcp, ${run.durationMs} ms ---\ntools offered: ${tools.join(', ')}\n${said.join('\n')}\n`,
          )
        },
      )

      it(
        'reads a 500-comment discussion a page at a time, each result well under 10,000 tokens',
        { timeout: 300_000 },
        async () => {
          await space.forget()
          const { home, project, mcpConfig, url } = await machine(
            join(root, `${pass}-long`),
            space.url,
          )
          await mkdir(join(project, 'discussions'))
          await writeFile(join(project, 'discussions', 'long.md'), longDiscussion(500))
          const run = await claude(MCP_PAGER_MODEL, mcpConfig, home, project, url, {
            prompt: 'Read discussions/long.md, every page of it.',
          })
          await space.forget()
          const steps = conversation(events(run.stdout))
          expect(run.code, `${run.stderr}\n${transcript(steps).slice(-4).join('\n')}`).toBe(0)
          const results = steps.flatMap((step) => (step.kind === 'result' ? [step] : []))
          expect(results.filter((step) => step.error)).toEqual([])
          // Every comment came, in order, over the pages the model read as the client gave them.
          const seen = results.flatMap((step) =>
            (JSON.parse(step.text) as { comments: { index: number }[] }).comments.map(
              (comment) => comment.index,
            ),
          )
          expect(seen).toEqual([...Array(500).keys()])
          const tokens = results.map((step) => estimateTokens(step.text))
          const largest = Math.max(...tokens)
          expect(largest).toBeLessThan(10_000)
          const end = steps.at(-1)
          expect(end).toEqual({
            kind: 'end',
            text: `Read discussions/long.md in ${results.length} pages.`,
          })
          process.stdout.write(
            `\n--- ${pass}: the real Claude Code read a 500-comment discussion through discussions mcp in ${results.length} read_discussion pages (${run.durationMs} ms); the largest tool result it passed to the model: ${largest} tokens (median ${[...tokens].sort((a, b) => a - b)[tokens.length >> 1]}) ---\n`,
          )
        },
      )
    },
    { skip: problem !== null },
  )
})

if (problem !== null) {
  describe('the real Claude Code as the MCP client', () => {
    it.skip(`skipped: ${problem}`, () => {})
  })
}
