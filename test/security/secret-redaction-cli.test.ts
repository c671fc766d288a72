/**
 * A key written back in 25 shapes (test/support/secret-shapes.ts) by the providers it was given
 * to, through the real bin: a command provider that prints them in its answer and in its error
 * output, and an OpenAI-compatible HTTP provider on a 127.0.0.1 stand-in that streams them back
 * in small pieces and answers another call with a 401 whose body holds them (the base64 key
 * first). None of them shows in the streamed output, the answers written to the discussion, the
 * summary, the journal and every other file of the state folder, or the errors; each run cold,
 * then warm, in a real terminal.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { join } from 'node:path'

import { afterAll, beforeAll, expect, it } from 'vitest'

import { json, startStandInServer } from '../providers/fake-api.js'
import type { FakeApi } from '../providers/fake-api.js'
import { pathWithNode } from '../providers/stand-ins.js'
import { coldThenWarm, runDiscussions, runInTerminal } from '../support/run-cli.js'
import { keyFoundIn, SECRET_SHAPES } from '../support/secret-shapes.js'
import { tempFolder } from '../support/temp.js'

/** No known prefix: only its value can find it. */
const KEY = 'Zq7vN2pX9rT4kW8mB3yL6hD1fG5sJ0cA'

/** Every shape of `key`, one a paragraph (or one a line), named. */
function shapesText(key: string, between = '\n\n'): string {
  return Object.entries(SECRET_SHAPES)
    .map(([name, write]) => `${name}: ${write(key)}`)
    .join(between)
}

let api: FakeApi

function streamShapes(response: ServerResponse, key: string): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' })
  const answer = JSON.stringify({ comment: shapesText(key), vote: 'READY' })
  // Nine characters a piece: every shape arrives cut, most of them many times.
  for (let at = 0; at < answer.length; at += 9)
    response.write(
      `data: ${JSON.stringify({ choices: [{ delta: { content: answer.slice(at, at + 9) } }] })}\n\n`,
    )
  response.end('data: [DONE]\n\n')
}

beforeAll(async () => {
  api = await startStandInServer(({ headers, body }, response) => {
    const key = String(headers.authorization ?? '').replace(/^Bearer /, '')
    if (body.model === 'deny')
      json(response, 401, {
        error: {
          type: 'invalid_request_error',
          message: `Incorrect API key provided: ${Buffer.from(key).toString('base64')} | ${shapesText(key, ' | ')}`,
        },
      })
    else streamShapes(response, key)
    return Promise.resolve()
  })
})
afterAll(() => api.close())

async function project() {
  const root = await tempFolder('discussions-redaction-')
  const config = join(root, '.config')
  const scripts = join(root, 'scripts')
  for (const folder of [join(root, '.git'), config, scripts]) await mkdir(folder)
  const answer = JSON.stringify({ comment: shapesText(KEY), vote: 'READY' })
  // The program prints its answer in pieces, as an AI CLI streams; only if it was given the key.
  await writeFile(
    join(scripts, 'echo-ai'),
    `#!/usr/bin/env node
const answer = process.env.ECHO_API_KEY === ${JSON.stringify(KEY)} ? ${JSON.stringify(answer)} : 'no key'
process.stdin.resume()
process.stdin.on('end', async () => {
  for (let at = 0; at < answer.length; at += 11) {
    process.stdout.write(answer.slice(at, at + 11))
    await new Promise((done) => setTimeout(done, 2))
  }
})
`,
    { mode: 0o755 },
  )
  await writeFile(
    join(scripts, 'echo-fail-ai'),
    `#!/usr/bin/env node\nprocess.stderr.write(${JSON.stringify(`Error: bad key ${shapesText(KEY, ' | ')}\n`)})\nprocess.exit(1)\n`,
    { mode: 0o755 },
  )
  const http = (name: string, model: string) => [
    `  - name: ${name}`,
    '    type: openai',
    `    base_url: ${api.url}/v1`,
    `    model: ${model}`,
    '    api_key_env: ECHO_API_KEY',
  ]
  const command = (name: string) => [
    `  - name: ${name}`,
    '    type: command',
    `    command: "${join(scripts, `${name}-ai`)}"`,
    '    api_key_env: ECHO_API_KEY',
  ]
  await writeFile(
    join(config, 'providers.yaml'),
    [
      'default: demo',
      'providers:',
      ...command('echo'),
      ...command('echo-fail'),
      ...http('echo-http', 'echo'),
      ...http('deny-http', 'deny'),
      '',
    ].join('\n'),
  )
  const env = {
    DISCUSSIONS_CONFIG_DIR: config,
    DISCUSSIONS_STATE_DIR: join(root, '.state'),
    DISCUSSIONS_USER: 'Rob',
    ECHO_API_KEY: KEY,
    HOME: root,
    PATH: pathWithNode(),
  }
  expect(
    (await runDiscussions(['new', 'Keys', '--context', 'Echo.'], { cwd: root, env })).code,
  ).toBe(0)
  return { root, env, file: join(root, 'discussions', 'keys.md') }
}

/** Every file under `folder`, with its text. */
async function filesUnder(folder: string): Promise<[string, string][]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry): Promise<[string, string]> => {
        const path = join(entry.parentPath, entry.name)
        return [path, await readFile(path, 'utf8')]
      }),
  )
}

coldThenWarm('a key written back in 25 shapes, through the real bin', () => {
  it(
    'shows in no output, file, journal or error, cold and warm',
    { timeout: 600_000 },
    async () => {
      const { root, env, file } = await project()
      const runs: { args: string[]; codes: number[]; json?: boolean }[] = [
        { args: ['providers', 'test', 'echo'], codes: [0] },
        { args: ['providers', 'test', 'echo-http'], codes: [0] },
        { args: ['turn', file, '@architect', '--provider', 'echo'], codes: [0] },
        { args: ['turn', file, '@architect', '--provider', 'echo-http'], codes: [0] },
        {
          args: ['turn', file, '@architect', '--provider', 'echo-http', '--json'],
          codes: [0],
          json: true,
        },
        { args: ['summarize', file, '--provider', 'echo'], codes: [0] },
        { args: ['status', file], codes: [0] },
        { args: ['providers', 'test', 'echo-fail'], codes: [1, 4] },
        { args: ['providers', 'test', 'deny-http'], codes: [1, 4] },
        { args: ['turn', file, '@architect', '--provider', 'deny-http'], codes: [1] },
        { args: ['turn', file, '@architect', '--provider', 'echo-fail'], codes: [1] },
      ]
      const found: string[] = []
      let shown = 0
      for (const warmth of ['cold', 'warm'])
        for (const run of runs) {
          const result = run.json
            ? await runDiscussions(run.args, { cwd: root, env })
            : await runInTerminal(run.args, { cwd: root, env, size: { columns: 120, rows: 40 } })
          const name = `${warmth}: discussions ${run.args.join(' ')}`
          const output = `${result.stdout}${result.stderr}`
          expect(run.codes, `${name} exited ${result.code}:\n${output}`).toContain(result.code)
          if (output.includes('[redacted]')) shown++
          for (const shape of keyFoundIn(output, KEY)) found.push(`${name}: ${shape}`)
        }
      // The key reached the providers, and their answers were kept (redacted), not dropped.
      expect(
        api.requests.every((request) => request.headers.authorization === `Bearer ${KEY}`),
      ).toBe(true)
      const discussion = await readFile(file, 'utf8')
      expect(discussion).toContain('one character a line: [redacted]')
      expect(discussion).toContain('URL-encoded, every byte: [redacted]')
      expect(shown).toBeGreaterThan(5)
      for (const [path, text] of [
        ...(await filesUnder(join(root, 'discussions'))),
        ...(await filesUnder(env.DISCUSSIONS_STATE_DIR)),
      ])
        for (const shape of keyFoundIn(text, KEY)) found.push(`${path}: ${shape}`)
      expect(found).toEqual([])
    },
  )
})
