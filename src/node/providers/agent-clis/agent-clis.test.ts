import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import type { OutputEnding, OutputReader } from '../command-output.js'
import { agentCliFor, agentDialect } from './index.js'
import type { AgentCli } from './index.js'

/** What one call's output reads as, fed in the pieces given. */
function read(
  cli: AgentCli,
  argv: readonly string[],
  stdout: readonly string[],
  exit: { code?: number; stderr?: string } = {},
): { streamed: string; failure: string | null; ending: OutputEnding | null } {
  const structured = cli.structured(argv) ?? []
  const reader: OutputReader = agentDialect(cli, argv, structured, {}).reader()
  let streamed = ''
  for (const piece of stdout) {
    const out = reader.stdout(piece)
    if (out.failure) return { streamed, failure: out.failure, ending: null }
    streamed += out.text
  }
  if (exit.stderr) {
    const out = reader.stderr(exit.stderr)
    if (out.failure) return { streamed, failure: out.failure, ending: null }
  }
  return {
    streamed,
    failure: null,
    ending: reader.end({ code: exit.code ?? 0, stderr: exit.stderr ?? '' }),
  }
}

const lines = (...events: unknown[]): string =>
  events.map((event) => `${JSON.stringify(event)}\n`).join('')

const cli = (name: string): AgentCli => {
  const found = agentCliFor([name])
  if (!found) throw new Error(name)
  return found
}

/** claude 2.1.328's stream-json, as it printed it against a Messages stand-in (fields trimmed). */
const CLAUDE_STREAM = lines(
  { type: 'system', subtype: 'init', tools: [], mcp_servers: [], model: 'claude-sonnet-5-5' },
  { type: 'system', subtype: 'status', status: 'requesting' },
  {
    type: 'stream_event',
    event: { type: 'message_start', message: { model: 'claude-sonnet-5-5', usage: {} } },
    parent_tool_use_id: null,
  },
  {
    type: 'stream_event',
    event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Ship ' } },
    parent_tool_use_id: null,
  },
  {
    type: 'stream_event',
    event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'it.' } },
    parent_tool_use_id: null,
  },
  {
    type: 'assistant',
    message: { model: 'claude-sonnet-5-5', content: [{ type: 'text', text: 'Ship it.' }] },
    parent_tool_use_id: null,
  },
  {
    type: 'result',
    subtype: 'success',
    is_error: false,
    result: 'Ship it.',
    total_cost_usd: 0.002888,
    usage: {
      input_tokens: 1234,
      cache_creation_input_tokens: 6,
      cache_read_input_tokens: 10,
      output_tokens: 42,
    },
    modelUsage: { 'claude-sonnet-5-5': { inputTokens: 1234, outputTokens: 42 } },
  },
)

describe('the structured command of each CLI', () => {
  it('adds to the seed forms what each needs: its stream, tools off, history off', () => {
    expect(cli('claude').structured(['claude', '-p', '--model', 'sonnet'])).toEqual([
      'claude',
      '-p',
      '--model',
      'sonnet',
      '--output-format',
      'stream-json',
      '--verbose',
      '--include-partial-messages',
      '--tools=',
      '--strict-mcp-config',
      '--no-session-persistence',
    ])
    const codex = cli('codex').structured(['codex', 'exec', '-']) ?? []
    expect(codex.slice(0, 9)).toEqual([
      'codex',
      'exec',
      '--json',
      '--skip-git-repo-check',
      '--ephemeral',
      '--ignore-user-config',
      '--sandbox',
      'read-only',
      '-c',
    ])
    expect(codex.at(-1)).toBe('-')
    expect(codex).toContain('features.shell_tool=false')
    expect(cli('gemini').structured(['gemini', '--model', 'gemini-2.5-flash'])).toEqual([
      'gemini',
      '--output-format',
      'stream-json',
      '--skip-trust',
      '--model',
      'gemini-2.5-flash',
    ])
    const opencode = '/home/ada/.opencode/bin/opencode'
    expect(
      agentCliFor([opencode])?.structured([opencode, 'run', '--model', 'deepseek/deepseek-chat']),
    ).toEqual([
      opencode,
      'run',
      '--format',
      'json',
      '--pure',
      '--print-logs',
      '--log-level',
      'ERROR',
      '--title',
      'discussions',
      '--model',
      'deepseek/deepseek-chat',
    ])
  })

  it('puts its own output format in place of the one the command asked for, once', () => {
    expect(cli('claude').structured(['claude', '--output-format=text', '--verbose'])).toEqual([
      'claude',
      '-p',
      '--output-format',
      'stream-json',
      '--verbose',
      '--include-partial-messages',
      '--tools=',
      '--strict-mcp-config',
      '--no-session-persistence',
    ])
    expect(cli('gemini').structured(['gemini', '-o', 'text'])).toEqual([
      'gemini',
      '--output-format',
      'stream-json',
      '--skip-trust',
    ])
    expect(cli('codex').structured(['codex', '-m', 'o3'])?.slice(0, 4)).toEqual([
      'codex',
      '-m',
      'o3',
      'exec',
    ])
    expect(cli('codex').structured(['codex', 'exec', '--sandbox', 'read-only', '-'])).not.toContain(
      'read-only-twice',
    )
    expect(
      cli('codex')
        .structured(['codex', 'exec', '--sandbox', 'read-only', '-'])
        ?.filter((arg) => arg === 'read-only'),
    ).toEqual(['read-only'])
  })

  it('leaves the CLIs’ other commands as they are, read as plain text', () => {
    expect(cli('claude').structured(['claude', 'mcp', 'list'])).toBeNull()
    expect(cli('codex').structured(['codex', 'login'])).toBeNull()
    expect(cli('gemini').structured(['gemini', 'extensions', 'list'])).toBeNull()
    expect(cli('opencode').structured(['opencode', 'auth', 'list'])).toBeNull()
    expect(agentCliFor(['ollama', 'run', 'llama3.2'])).toBeNull()
    expect(agentCliFor(['C:\\Tools\\claude.exe'])?.name ?? agentCliFor(['claude.exe'])?.name).toBe(
      'claude',
    )
  })

  it('passes each CLI the variables it documents for its credentials and endpoint, no others', () => {
    const passes = (name: string, variable: string) => cli(name).ownVariable(variable)
    expect(passes('claude', 'ANTHROPIC_API_KEY')).toBe(true)
    expect(passes('claude', 'ANTHROPIC_BASE_URL')).toBe(true)
    expect(passes('claude', 'OPENAI_API_KEY')).toBe(false)
    expect(passes('codex', 'OPENAI_API_KEY')).toBe(true)
    expect(passes('codex', 'CODEX_HOME')).toBe(true)
    expect(passes('codex', 'ANTHROPIC_API_KEY')).toBe(false)
    expect(passes('gemini', 'GEMINI_API_KEY')).toBe(true)
    expect(passes('gemini', 'GOOGLE_CLOUD_PROJECT')).toBe(true)
    // Its home for the call is the project's to set.
    expect(passes('gemini', 'GEMINI_CLI_HOME')).toBe(false)
    expect(passes('opencode', 'OPENCODE_API_KEY')).toBe(true)
    // A config of the user's own would bring tools back.
    expect(passes('opencode', 'OPENCODE_CONFIG')).toBe(false)
    expect(passes('opencode', 'OPENCODE_PERMISSION')).toBe(false)
    for (const name of ['claude', 'codex', 'gemini', 'opencode'])
      expect(passes(name, 'AWS_SECRET_ACCESS_KEY')).toBe(false)
  })
})

describe('reading each CLI’s stream', () => {
  it('claude: deltas as they come, the usage with its cache, its own cost, the model', () => {
    const { streamed, ending } = read(cli('claude'), ['claude', '-p'], [CLAUDE_STREAM])
    expect(streamed).toBe('Ship it.')
    expect(ending).toEqual({
      kind: 'answer',
      answer: {
        text: 'Ship it.',
        usage: { inputTokens: 1250, outputTokens: 42 },
        costUsd: 0.002888,
        model: 'claude-sonnet-5-5',
      },
    })
  })

  it('reads the same, however the output is cut into pieces', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: CLAUDE_STREAM.length - 1 }), { maxLength: 12 }),
        (cuts) => {
          const points = [...new Set(cuts)].sort((a, b) => a - b)
          const pieces = [0, ...points].map((start, index) =>
            CLAUDE_STREAM.slice(start, points[index] ?? CLAUDE_STREAM.length),
          )
          const { streamed, ending } = read(cli('claude'), ['claude', '-p'], pieces)
          expect(streamed).toBe('Ship it.')
          expect(ending?.kind === 'answer' && ending.answer.text).toBe('Ship it.')
        },
      ),
      { numRuns: 200 },
    )
  })

  it('codex: the message whole, the usage, the model the command named, no cost', () => {
    const { streamed, ending } = read(
      cli('codex'),
      ['codex', 'exec', '-m', 'gpt-5.5', '-'],
      [
        lines(
          { type: 'thread.started', thread_id: 't' },
          { type: 'item.completed', item: { id: 'i0', type: 'error', message: 'metadata' } },
          { type: 'turn.started' },
          { type: 'item.completed', item: { id: 'i1', type: 'agent_message', text: 'Ship it.' } },
          {
            type: 'turn.completed',
            usage: { input_tokens: 2345, cached_input_tokens: 0, output_tokens: 53 },
          },
        ),
      ],
    )
    expect(streamed).toBe('Ship it.')
    expect(ending).toEqual({
      kind: 'answer',
      answer: {
        text: 'Ship it.',
        usage: { inputTokens: 2345, outputTokens: 53 },
        model: 'gpt-5.5',
      },
    })
  })

  it('gemini: deltas, the usage from its stats, the model that answered', () => {
    const { streamed, ending } = read(
      cli('gemini'),
      ['gemini', '-m', 'gemini-2.5-flash'],
      [
        lines(
          { type: 'init', session_id: 's', model: 'gemini-2.5-flash' },
          { type: 'message', role: 'user', content: 'the prompt' },
          { type: 'message', role: 'assistant', content: 'Ship ', delta: true },
          { type: 'message', role: 'assistant', content: 'it.', delta: true },
          {
            type: 'result',
            status: 'success',
            stats: {
              input_tokens: 4567,
              output_tokens: 75,
              models: { 'gemini-2.5-flash-002': { input_tokens: 4567 } },
            },
          },
        ),
      ],
    )
    expect(streamed).toBe('Ship it.')
    expect(ending).toEqual({
      kind: 'answer',
      answer: {
        text: 'Ship it.',
        usage: { inputTokens: 4567, outputTokens: 75 },
        model: 'gemini-2.5-flash-002',
      },
    })
  })

  it('opencode: each text part, tokens and cost summed over its steps; a cost of 0 is unknown', () => {
    const step = (cost: number) => ({
      type: 'step_finish',
      part: {
        tokens: { input: 100, output: 10, reasoning: 5, cache: { read: 20, write: 0 } },
        cost,
      },
    })
    const run = (cost: number) =>
      read(
        cli('opencode'),
        ['opencode', 'run', '-m', 'deepseek/deepseek-chat'],
        [
          lines(
            { type: 'step_start', part: {} },
            { type: 'text', part: { type: 'text', text: 'Ship it.' } },
            step(cost),
            { type: 'step_start', part: {} },
            { type: 'text', part: { type: 'text', text: 'Really.' } },
            step(cost),
          ),
        ],
      )
    expect(run(0.001).streamed).toBe('Ship it.\n\nReally.')
    expect(run(0.001).ending).toEqual({
      kind: 'answer',
      answer: {
        text: 'Ship it.\n\nReally.',
        usage: { inputTokens: 240, outputTokens: 30 },
        costUsd: 0.002,
        model: 'deepseek/deepseek-chat',
      },
    })
    expect(run(0).ending).not.toHaveProperty('answer.costUsd')
  })

  it('reads output that is not its stream as plain text, with a one-line note', () => {
    const plain = read(cli('claude'), ['claude', '-p'], ['Ship it.\n', 'Really.'])
    expect(plain.streamed).toBe('Ship it.\nReally.')
    expect(plain.ending).toEqual({
      kind: 'answer',
      answer: {
        text: 'Ship it.\nReally.',
        note: "claude's output was not in the form this version of discussions reads (tested with claude 2.1.328); it was taken as plain text, without its usage or cost.",
      },
    })
    // JSON lines, but of a format it does not know (a later version's, say).
    const unknown = read(cli('gemini'), ['gemini'], [lines({ kind: 'chunk', text: 'Ship it.' })])
    expect(unknown.ending).toMatchObject({ kind: 'answer', answer: { note: expect.any(String) } })
  })
})

describe('their failures, in one line naming the CLI and the fix', () => {
  it('claude: a refused key is not retried for minutes; a rate limit says when to try again', () => {
    const retry = (status: number, attempt: number) =>
      lines({
        type: 'system',
        subtype: 'api_retry',
        attempt,
        retry_delay_ms: 39_147,
        error_status: status,
        error: status === 401 ? 'authentication_failed' : 'rate_limit',
      })
    expect(read(cli('claude'), ['claude'], [retry(401, 1)]).failure).toBeNull()
    expect(read(cli('claude'), ['claude'], [retry(401, 1) + retry(401, 2)]).failure).toBe(
      'claude is not logged in, or its key was refused (HTTP 401): run claude once and log in with /login, or set ANTHROPIC_API_KEY',
    )
    expect(read(cli('claude'), ['claude'], [retry(429, 1)]).failure).toBe(
      'claude was rate-limited by its API (HTTP 429): try again in 40 s, or give the persona a fallback provider',
    )
    const notLoggedIn = lines({
      type: 'result',
      is_error: true,
      api_error_status: null,
      result: 'Not logged in · Please run /login',
    })
    expect(read(cli('claude'), ['claude'], [notLoggedIn], { code: 1 }).ending).toEqual({
      kind: 'failed',
      message:
        'claude is not logged in, or its key was refused (Not logged in · Please run /login): run claude once and log in with /login, or set ANTHROPIC_API_KEY',
    })
  })

  it('names the model that does not exist', () => {
    const failed = lines({
      type: 'turn.failed',
      error: { message: 'The model `gpt-9` does not exist or you do not have access to it.' },
    })
    expect(
      read(cli('codex'), ['codex', 'exec', '-m', 'gpt-9'], [failed], { code: 1 }).ending,
    ).toEqual({
      kind: 'failed',
      message:
        'codex: the model "gpt-9" does not exist or this account cannot use it (The model `gpt-9` does not exist or you do not have access to it.): fix the model in the command in providers.yaml',
    })
  })

  it('tells a CLI too old for an option the project adds from a typo in the command', () => {
    const old = read(cli('claude'), ['claude', '-p'], [], {
      code: 1,
      stderr: "error: unknown option '--include-partial-messages'\n",
    })
    expect(old.ending).toEqual({
      kind: 'failed',
      message:
        'claude is too old: it does not know --include-partial-messages, which discussions needs; update it (npm install -g @anthropic-ai/claude-code, or claude update); tested with claude 2.1.328',
    })
    const typo = read(cli('gemini'), ['gemini', '--modle', 'x'], [], {
      code: 1,
      stderr: 'Unknown arguments: modle\n',
    })
    expect(typo.ending).toEqual({
      kind: 'failed',
      message: 'gemini does not know the option --modle: fix the command in providers.yaml',
    })
    const clap = read(cli('codex'), ['codex', 'exec', '-'], [], {
      code: 2,
      stderr: "error: unexpected argument '--ephemeral' found\n",
    })
    expect(clap.ending).toMatchObject({
      message: expect.stringMatching(/^codex is too old: it does not know --ephemeral/),
    })
  })

  it('gemini: stops waiting out a rate limit it would retry ten times', () => {
    const { failure } = read(cli('gemini'), ['gemini'], [], {
      stderr:
        'Attempt 1 failed: You exceeded your current quota. Please retry in 37s.\nSuggested retry after 37s.. Retrying after 41452ms...\n',
    })
    expect(failure).toBe(
      'gemini was rate-limited by its API (You exceeded your current quota. Please retry in 37s.): try again in 37 s, or give the persona a fallback provider',
    )
  })

  it('a failure it has no words for is left to the provider’s own message', () => {
    expect(
      read(cli('opencode'), ['opencode', 'run'], [], { code: 3, stderr: 'segfault\n' }).ending,
    ).toEqual({
      kind: 'unexplained',
    })
  })
})
