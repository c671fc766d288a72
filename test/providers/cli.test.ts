/**
 * `discussions providers list|test` and `discussions trust`, run in-process: a fresh program with
 * only these commands, the streams captured, a temporary project and user config folder, stand-in
 * programs on PATH and a local fake API.
 */
import { chmod, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'

import { coldThenWarm } from '../support/run-cli.js'

import { registerProviders } from '../../src/cli/commands/providers.js'
import { runInProcess } from '../support/run-in-process.js'
import type { InProcessRun } from '../support/run-in-process.js'
import { API_KEY, startFakeApi } from './fake-api.js'
import type { FakeApi } from './fake-api.js'
import { pathWithNode, writeStandIns } from './stand-ins.js'
import type { StandIn } from './stand-ins.js'

let root: string
let project: string
let user: string
let bins: Record<StandIn, string>
let api: FakeApi
const saved = { ...process.env }

beforeAll(async () => {
  api = await startFakeApi()
})
afterAll(() => api.close())

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'discussions-cli-providers-')))
  project = join(root, 'project')
  user = join(root, 'user')
  await mkdir(join(project, '.git'), { recursive: true })
  await mkdir(user, { recursive: true })
  await mkdir(join(root, 'bin'))
  bins = await writeStandIns(join(root, 'bin'))
  process.env.DISCUSSIONS_CONFIG_DIR = user
  process.env.PATH = pathWithNode()
  process.env.FAKE_API_KEY = API_KEY
  delete process.env.OPENAI_API_KEY
  delete process.env.ANTHROPIC_API_KEY
})
afterEach(async () => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name]
  Object.assign(process.env, saved)
  await rm(root, { recursive: true, force: true })
})

function run(...argv: string[]): Promise<InProcessRun> {
  return runInProcess([registerProviders], project, argv)
}

async function userProviders(): Promise<void> {
  await writeFile(
    join(user, 'providers.yaml'),
    [
      'providers:',
      '  - name: echo',
      `    command: "${bins.echo}"`,
      '    description: A stand-in that answers at once',
      '    prices: { input_per_mtok: 3, output_per_mtok: 15 }',
      '  - name: crash',
      `    command: "${bins.crash}"`,
      '  - name: slow',
      `    command: "${bins.slow}"`,
      '  - name: claude-sonnet',
      '    command: claude -p --model sonnet',
      '  - name: local',
      '    type: openai',
      `    base_url: ${api.url}/v1`,
      '    model: gpt-test',
      '    api_key_env: FAKE_API_KEY',
      '  - name: cloud',
      '    type: anthropic',
      '    model: claude-sonnet-4-5',
      'default: claude-sonnet',
      'fallback: [local, echo]',
      '',
    ].join('\n'),
  )
}

coldThenWarm('discussions providers list', () => {
  it('with nothing configured, says demo is used and offers what this machine has', async () => {
    const fakeClaude = join(root, 'bin', 'claude')
    await writeFile(fakeClaude, '#!/bin/sh\necho hi\n')
    await chmod(fakeClaude, 0o755)
    process.env.PATH = `${join(root, 'bin')}:${pathWithNode()}`
    process.env.OPENAI_API_KEY = 'sk-test-NOTSHOWNNOTSHOWN'
    const result = await run('providers', 'list', '--offline')
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(result.stdout).toMatch(/^NAME\s+TYPE\s+USABLE\s+SOURCE\s+DETAILS\n/)
    expect(result.stdout).toMatch(/^demo\s+demo\s+yes\s+built-in\s+offline canned answers/m)
    expect(result.stdout).toContain('Default: demo. Fallback: none.')
    expect(result.stdout).toContain('discussions use the built-in demo provider')
    expect(result.stdout).toMatch(/^ {2}claude-sonnet\s+claude is installed \(.+\/bin\/claude\)$/m)
    expect(result.stdout).toMatch(/^ {2}openai\s+OPENAI_API_KEY is set$/m)
    expect(result.stdout).toContain(
      'providers:\n  - name: claude-sonnet\n    command: claude -p --model sonnet --output-format stream-json --verbose --include-partial-messages\n',
    )
    expect(result.stdout).toContain('    api_key_env: OPENAI_API_KEY\n')
    expect(result.stdout).not.toContain('NOTSHOWN')
  })

  it('shows each provider, whether it is usable now and why', async () => {
    await userProviders()
    const result = await run('providers', 'list')
    expect(result).toMatchObject({ code: 0, stderr: '' })
    const rows = result.stdout.split('\n')
    expect(rows).toContainEqual(
      expect.stringMatching(/^echo\s+command\s+yes\s+user\s+.+\/echo is executable$/),
    )
    expect(rows).toContainEqual(
      expect.stringMatching(
        /^claude-sonnet\s+command\s+no\s+user\s+"claude" is not installed or not on PATH: install it, or fix the command in providers.yaml$/,
      ),
    )
    expect(rows).toContainEqual(
      expect.stringMatching(
        /^local\s+openai\s+yes\s+user\s+FAKE_API_KEY set, endpoint answers \(2 models\)$/,
      ),
    )
    expect(rows).toContainEqual(
      expect.stringMatching(/^cloud\s+anthropic\s+no\s+user\s+ANTHROPIC_API_KEY is not set$/),
    )
    expect(result.stdout).toContain(
      'Default: claude-sonnet. Fallback: local, echo.\nThe default is not usable now, so calls go on to the fallback (local, echo) unless a persona names another.\n',
    )
    expect(result.stdout).not.toContain(API_KEY)
  })

  it('prints JSON, and warns about a broken entry at its line', async () => {
    await userProviders()
    await writeFile(
      join(project, 'providers.yaml'),
      'providers:\n  - name: repo-bot\n    command: ./bot\n  - name: broken\n    type: nope\n',
    )
    const result = await run('providers', 'list', '--json', '--offline')
    expect(result.code).toBe(0)
    const listed = JSON.parse(result.stdout) as {
      providers: {
        name: string
        source: string
        trusted: boolean
        usable: boolean | null
        why: string
      }[]
      default: string
      problems: string[]
      usingDemo: boolean
    }
    expect(listed.providers.map((entry) => entry.name)).toEqual([
      'echo',
      'crash',
      'slow',
      'claude-sonnet',
      'local',
      'cloud',
      'repo-bot',
      'demo',
    ])
    expect(listed.providers.find((entry) => entry.name === 'repo-bot')).toMatchObject({
      source: 'project',
      trusted: false,
      usable: false,
    })
    expect(listed.providers.find((entry) => entry.name === 'local')).toMatchObject({
      usable: null,
      why: 'FAKE_API_KEY set, endpoint not checked',
    })
    expect(listed).toMatchObject({ default: 'claude-sonnet', usingDemo: false })
    expect(listed.problems).toEqual([
      'providers.yaml:5: providers[1].type: must be "command", "openai", "anthropic", "gemini", "ollama" or "demo" (got "nope")',
    ])
  })
})

coldThenWarm('discussions providers test', () => {
  it('shows the answer, time, tokens (estimated for a CLI) and cost', async () => {
    await userProviders()
    const result = await run('providers', 'test', 'echo', '--prompt', 'Ping?')
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(result.stdout).toMatch(
      new RegExp(
        `^Asking echo \\(command: ${bins.echo}\\) \\.\\.\\.\\n\\n\\{"comment":"got 5 chars: Ping\\?","vote":"READY"\\}\\n\\nanswered by echo in \\d+\\.\\d s: 2 tokens in, 12 out \\(estimated\\), cost \\$0\\.000186\\n$`,
      ),
    )
  })

  it('streams an HTTP provider and shows the tokens the API reported', async () => {
    await userProviders()
    const result = await run('providers', 'test', 'local')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('Hello, world.\n')
    expect(result.stdout).toMatch(
      /answered by local \(gpt-test\) in \d+\.\d s: 12 tokens in, 4 out, cost unknown \(no prices in providers.yaml\)/,
    )
  })

  it('answers with the demo provider, which says so', async () => {
    const result = await run('providers', 'test', 'demo')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('(demo provider — configure a real one with')
    expect(result.stdout).toMatch(/answered by demo in .+ \(estimated\), cost unknown/)
  })

  it('exits 1 with the reason when the provider fails, keys redacted', async () => {
    await userProviders()
    const crash = await run('providers', 'test', 'crash')
    expect(crash.code).toBe(1)
    expect(crash.stderr).toMatch(
      /^error: crash: ".+\/crash" exited with code 3: Error: 401 Unauthorized for key \[redacted\]\n$/,
    )
    const slow = await run('providers', 'test', 'slow', '--timeout', '0.5')
    expect(slow.code).toBe(1)
    expect(slow.stderr).toMatch(/no answer from ".+\/slow" within 0\.5 s/)
    const missing = await run('providers', 'test', 'claude-sonnet')
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('program "claude" not found: install it')
  })

  it('exits 2 for a name that is not configured, suggesting the one meant', async () => {
    await userProviders()
    const result = await run('providers', 'test', 'ecko')
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      'error: No provider named "ecko" (did you mean "echo"?); configured: echo, crash, slow, claude-sonnet, local, cloud, demo. `discussions providers list` shows them.\n',
    )
    expect((await run('providers', 'test', 'echo', '--timeout', 'soon')).code).toBe(2)
  })
})

coldThenWarm('discussions trust', () => {
  it("lets a project's providers run once trusted, and --revoke undoes it", async () => {
    await writeFile(
      join(project, 'providers.yaml'),
      `providers:\n  - name: repo-bot\n    command: "${bins.echo}"\n`,
    )
    const before = await run('providers', 'test', 'repo-bot')
    expect(before.code).toBe(1)
    expect(before.stderr).toContain(
      `comes from a project you have not trusted: run \`discussions trust\` in ${project} to allow its providers`,
    )
    const listed = await run('providers', 'list', '--offline')
    expect(listed.stdout).toMatch(/^repo-bot\s+command\s+no\s+project \(untrusted\)\s+/m)

    const trusted = await run('trust')
    expect(trusted).toMatchObject({ code: 0, stderr: '' })
    expect(trusted.stdout).toBe(
      [
        `Trusted ${project}: its providers.yaml may now run programs and use your keys.`,
        'Its providers:',
        `  repo-bot (command): ${bins.echo}`,
        'Run `discussions trust --revoke` here to undo.',
        '',
      ].join('\n'),
    )
    expect((await run('providers', 'test', 'repo-bot')).code).toBe(0)
    expect((await run('trust')).stdout).toContain('is already trusted')

    const revoked = await run('trust', '--revoke')
    expect(revoked.stdout).toContain(`No longer trusting ${project}`)
    expect((await run('providers', 'test', 'repo-bot')).code).toBe(1)
  })
})
