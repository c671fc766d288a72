/**
 * The Gemini and Ollama kinds through the real `discussions` bin: `providers list` and
 * `providers test` against their 127.0.0.1 stand-ins, and a turn answered by each. Then what a
 * broken providers.yaml does to a turn (one clear error, no call, no demo standing in) and to
 * `providers list` (never an offer to replace the file).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'

import { parseDiscussion } from '../../src/core/format/parse.js'
import { splitUsage } from '../../src/core/budget/usage-line.js'
import { coldThenWarm, runDiscussions } from '../support/run-cli.js'
import type { CliRun } from '../support/run-cli.js'
import { tempFolder } from '../support/temp.js'
import { API_KEY } from './fake-api.js'
import type { FakeApi } from './fake-api.js'
import { startFakeGemini } from './fake-gemini.js'
import { startFakeOllama } from './fake-ollama.js'
import { pathWithNode } from './stand-ins.js'

let gemini: FakeApi
let ollama: FakeApi
let root: string
let config: string
let env: Record<string, string>

beforeAll(async () => {
  ;[gemini, ollama] = await Promise.all([startFakeGemini(), startFakeOllama()])
})
afterAll(() => Promise.all([gemini.close(), ollama.close()]))

beforeEach(async () => {
  root = await tempFolder('discussions-new-kinds-')
  config = join(root, '.config')
  await mkdir(join(root, '.git'), { recursive: true })
  await mkdir(config, { recursive: true })
  env = {
    DISCUSSIONS_CONFIG_DIR: config,
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_USER: 'Rob',
    PATH: pathWithNode(),
    GEMINI_API_KEY: API_KEY,
    // Detection must not find a real Ollama on this machine: point it at the stand-in.
    OLLAMA_HOST: ollama.url.replace('http://', ''),
  }
})

const run = (...args: string[]): Promise<CliRun> => runDiscussions(args, { cwd: root, env })

async function writeProviders(lines: string[]): Promise<void> {
  await writeFile(join(config, 'providers.yaml'), `${lines.join('\n')}\n`)
}

const bothKinds = () =>
  writeProviders([
    'providers:',
    '  - name: gem',
    '    type: gemini',
    '    model: gemini-test',
    `    base_url: ${gemini.url}`,
    '  - name: gem-persona',
    '    type: gemini',
    '    model: persona',
    `    base_url: ${gemini.url}`,
    '  - name: llama',
    '    type: ollama',
    '    model: llama3.2',
    `    base_url: ${ollama.url}`,
    '  - name: llama-persona',
    '    type: ollama',
    '    model: persona',
    `    base_url: ${ollama.url}`,
    'default: gem',
  ])

coldThenWarm('gemini and ollama through the bin', () => {
  it('providers list: both usable, the key variable named, never its value', async () => {
    await bothKinds()
    const listed = await run('providers', 'list')
    expect(listed).toMatchObject({ code: 0, stderr: '' })
    expect(listed.stdout).toMatch(
      /^gem\s+gemini\s+yes\s+user\s+GEMINI_API_KEY set, endpoint answers \(2 models\)$/m,
    )
    expect(listed.stdout).toMatch(/^llama\s+ollama\s+yes\s+user\s+endpoint answers \(2 models\)$/m)
    expect(listed.stdout).not.toContain(API_KEY)
  }, 30_000)

  it('providers test: streams each answer with the tokens the API reported', async () => {
    await bothKinds()
    const gem = await run('providers', 'test', 'gem')
    expect(gem).toMatchObject({ code: 0, stderr: '' })
    expect(gem.stdout).toMatch(
      new RegExp(
        `^Asking gem \\(gemini: gemini-test at ${gemini.url}\\) \\.\\.\\.\\n\\nHallo, Welt\\.\\n\\nanswered by gem in \\d+\\.\\d s: 11 tokens in, 5 out, cost unknown \\(no prices in providers.yaml\\)\\n$`,
      ),
    )
    const llama = await run('providers', 'test', 'llama')
    expect(llama).toMatchObject({ code: 0, stderr: '' })
    expect(llama.stdout).toContain('Hola, mundo.\n\nanswered by llama in ')
    expect(llama.stdout).toContain(': 26 tokens in, 5 out, cost unknown')
    expect(gem.stdout + llama.stdout).not.toContain(API_KEY)
  }, 30_000)

  it('providers test: a wrong key fails with exit 1 and the key redacted', async () => {
    await bothKinds()
    const denied = await runDiscussions(['providers', 'test', 'gem'], {
      cwd: root,
      env: { ...env, GEMINI_API_KEY: 'AIzaWRONGWRONGWRONGWRONG000' },
    })
    expect(denied.code).toBe(1)
    expect(denied.stderr).toBe(
      `error: gem: HTTP 400 from ${gemini.url}: INVALID_ARGUMENT: API key not valid: [redacted]. Please pass a valid API key.\n`,
    )
  }, 30_000)

  it('a turn answered by each kind', async () => {
    await bothKinds()
    expect(await run('new', 'Rate limits', '--participants', 'architect')).toMatchObject({
      code: 0,
    })
    const file = join(root, 'discussions', 'rate-limits.md')
    const byGemini = await run('turn', file, '--provider', 'gem-persona')
    expect(byGemini.stderr).toBe('')
    expect(byGemini.code).toBe(0)
    expect(byGemini.stdout).toMatch(/^architect: done, vote READY, .* via gem-persona/m)
    // The template asks its three default personas; each is one call with Gemini's counts.
    expect(byGemini.stdout).toMatch(
      /^security: done, vote READY, .* via gem-persona, 11 in \/ 5 out/m,
    )
    expect(byGemini.stdout).toContain('Tokens: 33 in / 15 out, cost unknown')
    const byOllama = await run('turn', file, '--provider', 'llama-persona')
    expect(byOllama.code).toBe(0)
    expect(byOllama.stdout).toMatch(/^architect: done, vote READY, .* via llama-persona/m)
    expect(byOllama.stdout).toContain('Tokens: 78 in / 15 out, cost unknown')
    const comments = parseDiscussion(await readFile(file, 'utf8')).comments
    expect(comments).toHaveLength(6)
    expect(comments.every((comment) => comment.vote === 'READY')).toBe(true)
    const said = comments.map((comment) => splitUsage(comment).body.split('\n')[0])
    expect(said.slice(0, 3)).toEqual(
      Array(3).fill('Gemini has read the proposal. Ship it behind a flag.'),
    )
    expect(said.slice(3)).toEqual(
      Array(3).fill('Ollama has read the proposal. Ship it behind a flag.'),
    )
    const sent = gemini.requests.filter((request) => request.path.includes('/persona:'))
    expect(sent.at(-1)?.headers['x-goog-api-key']).toBe(API_KEY)
  }, 60_000)

  it('providers list with nothing configured offers both, ready to paste', async () => {
    const listed = await run('providers', 'list')
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatch(/^ {2}gemini\s+GEMINI_API_KEY is set$/m)
    expect(listed.stdout).toMatch(
      new RegExp(
        `^ {2}ollama\\s+Ollama answers on ${ollama.url} \\(2 models: llama3.2:latest, qwen3:8b\\)$`,
        'm',
      ),
    )
    expect(listed.stdout).toContain(
      [
        '  - name: gemini',
        '    type: gemini',
        '    model: gemini-2.5-flash',
        '    api_key_env: GEMINI_API_KEY',
        '    description: Google Gemini API',
        '  - name: ollama',
        '    type: ollama',
        '    model: llama3.2',
        '    description: Local Ollama server',
        `    base_url: ${ollama.url}`,
      ].join('\n'),
    )
    expect(listed.stdout).toContain(`To use them, save this as `)
    expect(listed.stdout).not.toContain(API_KEY)
  }, 30_000)
})

coldThenWarm('a broken providers.yaml', () => {
  it('stops a turn with one error at its line: no call, no demo answer, the file untouched', async () => {
    await writeProviders([
      'providers:',
      '  - name: gem',
      '    type: gemini',
      '    modle: persona',
      `    base_url: ${gemini.url}`,
    ])
    expect(await run('new', 'Rate limits', '--participants', 'architect')).toMatchObject({
      code: 0,
    })
    const file = join(root, 'discussions', 'rate-limits.md')
    const before = await readFile(file, 'utf8')
    const calls = gemini.requests.length
    const turn = await run('turn', file)
    expect(turn.code).toBe(2)
    expect(turn.stderr).toBe(
      `error: .config/providers.yaml:4: providers[0]: unknown key "modle" (did you mean "model"?)` +
        `. Fix the file (\`discussions providers list\` shows every problem); the demo provider does not answer in place of a broken providers.yaml\n`,
    )
    expect(await readFile(file, 'utf8')).toBe(before)
    expect(gemini.requests.length).toBe(calls)
  }, 30_000)

  it('providers list shows the problem and never offers to replace the file', async () => {
    await writeProviders(['providers:', '  - name: mine', '    comand: claude -p'])
    const listed = await run('providers', 'list')
    expect(listed.code).toBe(0)
    expect(listed.stderr).toBe(
      'warning: .config/providers.yaml:3: providers[0]: unknown key "comand" (did you mean "command"?)\n',
    )
    expect(listed.stdout).not.toContain('save this as')
    expect(listed.stdout).toContain(
      'Until it is fixed, turns stop with its first problem instead of using the demo provider',
    )
    expect(listed.stdout).toContain('To use one, add its entry under `providers:` in ')
    expect(listed.stdout).toContain('# gemini (gemini)\n- name: gemini\n  type: gemini\n')
    expect(await readFile(join(config, 'providers.yaml'), 'utf8')).toBe(
      'providers:\n  - name: mine\n    comand: claude -p\n',
    )
  }, 30_000)
})
