/**
 * A providers.yaml entry naming a known CLI, built as the app builds it, against a program named
 * `claude` that prints claude's stream-json: the structured flags added, the CLI's own variables
 * passed and no others, the answer streamed, usage, cost and model as it reported them. And the
 * attacker's case: an answer that quotes the key the CLI was given, split across two deltas, is
 * hidden in what streams and in what is kept.
 */
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildProvider } from '../../src/node/providers/build-provider.js'
import type { ProviderConfig } from '../../src/node/providers/kinds/index.js'
import { pathWithNode } from './stand-ins.js'

const KEY = 'sk-ant-api03-SECRETSECRETSECRET0123'

/** Prints claude 2.1.328's stream-json: the answer quotes the key it was given, in two pieces. */
const FAKE_CLAUDE = `#!/usr/bin/env node
const fs = require('node:fs')
let prompt = ''
process.stdin.on('data', (chunk) => (prompt += chunk))
process.stdin.on('end', () => {
  const seen = { argv: process.argv.slice(2), env: Object.keys(process.env).sort(), cwd: process.cwd(), prompt }
  fs.writeFileSync(require('node:path').join(__dirname, 'seen.json'), JSON.stringify(seen))
  const key = process.env.ANTHROPIC_API_KEY || ''
  const say = (event) => process.stdout.write(JSON.stringify(event) + '\\n')
  const delta = (text) => say({ type: 'stream_event', parent_tool_use_id: null, event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } } })
  say({ type: 'system', subtype: 'init', model: 'claude-sonnet-5-5', tools: [] })
  say({ type: 'stream_event', parent_tool_use_id: null, event: { type: 'message_start', message: { model: 'claude-sonnet-5-5' } } })
  delta('My key is ' + key.slice(0, 12))
  delta(key.slice(12) + '. Ship it.')
  say({ type: 'result', is_error: false, result: 'My key is ' + key + '. Ship it.', total_cost_usd: 0.0042, usage: { input_tokens: 1000, output_tokens: 20 } })
})
`

let dir: string
let bin: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'discussions-agent-provider-'))
  bin = join(dir, 'bin')
  await mkdir(bin)
  await writeFile(join(bin, 'claude'), FAKE_CLAUDE)
  await chmod(join(bin, 'claude'), 0o755)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('a known CLI built from providers.yaml', () => {
  it('is started in its structured mode with its own variables only, and read as it streams', async () => {
    const env = {
      PATH: `${bin}:${pathWithNode()}`,
      HOME: dir,
      ANTHROPIC_API_KEY: KEY,
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/',
      OPENAI_API_KEY: 'sk-other-provider-0123456789',
      AWS_SECRET_ACCESS_KEY: 'not-for-claude-0123456789',
    }
    const config = {
      name: 'claude-sonnet',
      type: 'command',
      command: 'claude -p --model sonnet',
      prices: { input_per_mtok: 100, output_per_mtok: 100 },
    } as unknown as ProviderConfig
    const { provider, argv } = buildProvider(config, { env, scratchRoot: dir })
    expect(argv).toEqual([
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

    const streamed: string[] = []
    const completion = await provider.complete({
      prompt: 'What do you think?',
      onText: (text) => streamed.push(text),
    })

    expect(completion).toEqual({
      text: 'My key is [redacted]. Ship it.',
      usage: { inputTokens: 1000, outputTokens: 20, estimated: false },
      costUsd: 0.0042,
      model: 'claude-sonnet-5-5',
    })
    expect(streamed.join('')).toBe('My key is [redacted]. Ship it.')
    expect(streamed.join('')).not.toContain(KEY.slice(0, 12))

    const seen = JSON.parse(await readFile(join(bin, 'seen.json'), 'utf8')) as {
      argv: string[]
      env: string[]
      cwd: string
      prompt: string
    }
    expect(seen.argv).toEqual(argv?.slice(1))
    expect(seen.env).toEqual(
      expect.arrayContaining([
        'ANTHROPIC_API_KEY',
        'ANTHROPIC_BASE_URL',
        'CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC',
        'DISABLE_AUTOUPDATER',
      ]),
    )
    expect(seen.env).not.toContain('OPENAI_API_KEY')
    expect(seen.env).not.toContain('AWS_SECRET_ACCESS_KEY')
    expect(seen.cwd).toMatch(/discussions-provider-/)
    expect(seen.prompt).toBe('What do you think?')
  })
})
