/**
 * Loading providers.yaml from the user config folder and a project, the trust gate on the
 * project's own entries, the default/fallback rules, and problems reported at their line.
 */
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { completeWithFallback } from '../../src/core/providers/fallback.js'
import { loadProviders } from '../../src/node/providers/load-providers.js'
import { chainFor, providerCaller } from '../../src/node/providers/provider-caller.js'
import type { LoadProvidersOptions } from '../../src/node/providers/load-providers.js'
import { isTrusted, revokeTrust, TRUST_FILE, trustProject } from '../../src/node/providers/trust.js'
import { pathWithNode, writeStandIns } from './stand-ins.js'
import type { StandIn } from './stand-ins.js'

let root: string
let user: string
let project: string
let bins: Record<StandIn, string>

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'discussions-load-providers-')))
  user = join(root, 'user')
  project = join(root, 'project')
  await mkdir(user, { recursive: true })
  await mkdir(join(project, '.git'), { recursive: true })
  await mkdir(join(root, 'bin'))
  bins = await writeStandIns(join(root, 'bin'))
})
afterEach(() => rm(root, { recursive: true, force: true }))

const env = () => ({ PATH: pathWithNode(), HOME: root })
const noSleep = () => Promise.resolve()

function load(extra: Partial<LoadProvidersOptions> = {}) {
  return loadProviders({
    cwd: project,
    env: env(),
    configDir: user,
    settings: { default: null, fallback: [] },
    sleep: noSleep,
    ...extra,
  })
}

describe('loadProviders', () => {
  it('with nothing configured offers only the demo provider, as the default', async () => {
    const loaded = await load()
    expect(loaded.entries.map((entry) => [entry.name, entry.source])).toEqual([
      ['demo', 'built-in'],
    ])
    expect(loaded).toMatchObject({ configured: false, defaultName: 'demo', problems: [] })
    const { chain, usedDemo } = chainFor(loaded, { personaHint: 'claude-sonnet' })
    expect(chain.map((provider) => provider.name)).toEqual(['demo'])
    expect(usedDemo).toBe(true)
  })

  it("reads the user's file: the first provider is the default unless one is named", async () => {
    await writeFile(
      join(user, 'providers.yaml'),
      [
        'providers:',
        `  - name: echo`,
        `    command: ["${bins.echo}"]`,
        '  - name: local',
        '    type: openai',
        '    base_url: http://127.0.0.1:1/v1',
        '    model: llama3.2',
        '',
      ].join('\n'),
    )
    const loaded = await load()
    expect(loaded.entries.map((entry) => [entry.name, entry.kind, entry.source])).toEqual([
      ['echo', 'command', 'user'],
      ['local', 'openai', 'user'],
      ['demo', 'demo', 'built-in'],
    ])
    expect(loaded.defaultName).toBe('echo')
    const named = await load({ settings: { default: 'local', fallback: ['echo', 'demo'] } })
    expect(named.defaultName).toBe('local')
    expect(
      chainFor(named, { personaHint: 'claude-sonnet' }).chain.map((provider) => provider.name),
    ).toEqual(['local', 'echo', 'demo'])
  })

  it('takes default and fallback from providers.yaml when discussions.yaml names none', async () => {
    await writeFile(
      join(user, 'providers.yaml'),
      `providers:\n  - name: a\n    command: "${bins.echo}"\n  - name: b\n    command: "${bins.echo}"\ndefault: b\nfallback: [a]\n`,
    )
    const loaded = await load()
    expect([loaded.defaultName, loaded.fallback]).toEqual(['b', ['a']])
  })

  it('reports a broken entry at its line and keeps the others', async () => {
    const file = join(user, 'providers.yaml')
    await writeFile(
      file,
      [
        'providers:',
        '  - name: good',
        `    command: "${bins.echo}"`,
        '  - name: bad',
        '    type: openai',
        '  - name: demo',
        '    command: x',
        '',
      ].join('\n'),
    )
    const loaded = await load()
    expect(loaded.entries.map((entry) => entry.name)).toEqual(['good', 'demo'])
    expect(loaded.problems.map((problem) => problem.message)).toEqual([
      `${file}:4: providers[1]: missing required field "model"`,
      `${file}:6: "demo" is the built-in offline provider; give this one another name`,
    ])
  })

  it('keeps an entry whose command cannot run as written, with the reason', async () => {
    await writeFile(
      join(user, 'providers.yaml'),
      'providers:\n  - name: piped\n    command: "claude -p | tee log"\n  - name: unset\n    command: "$NO_SUCH_VAR/bin/ai"\n',
    )
    const loaded = await load()
    const [piped, unset] = loaded.entries
    expect(piped?.problem).toMatch(/"\|" needs a shell/)
    expect(unset?.problem).toBe('the command uses $NO_SUCH_VAR, which is not set')
    await expect(unset?.provider.complete({ prompt: 'hi' })).rejects.toMatchObject({
      reason: 'config',
    })
  })

  it("lists an untrusted project's providers but never runs them, until it is trusted", async () => {
    const marker = join(root, 'ran.txt')
    // A program that leaves a trace when it runs.
    const bot = [
      process.execPath,
      '-e',
      "require('fs').writeFileSync(process.argv[1], 'ran'); console.log('ran')",
      marker,
    ]
    await writeFile(
      join(project, 'providers.yaml'),
      `providers:\n  - name: repo-bot\n    command: ${JSON.stringify(bot)}\n  - name: echo\n    command: ["${bins.echo}"]\n`,
    )
    await writeFile(
      join(user, 'providers.yaml'),
      `providers:\n  - name: echo\n    command: ["${bins.echo}", "user"]\n`,
    )
    const untrusted = await load()
    const listed = untrusted.entries.find((entry) => entry.name === 'repo-bot')
    expect(listed).toMatchObject({ source: 'project', trusted: false, active: true, argv: null })
    expect(listed?.problem).toBe(
      `comes from a project you have not trusted: run \`discussions trust\` in ${project} to allow its providers`,
    )
    // An untrusted project cannot replace the user's own provider of the same name.
    const echoes = untrusted.entries.filter((entry) => entry.name === 'echo')
    expect(echoes.map((entry) => [entry.source, entry.active])).toEqual([
      ['user', true],
      ['project', false],
    ])
    // The default is never an untrusted provider.
    expect(untrusted.defaultName).toBe('echo')
    // A chain moves past the untrusted one, saying why.
    const result = await completeWithFallback(
      chainFor(untrusted, { personaHint: 'repo-bot' }).chain,
      { prompt: 'hi' },
      () => 0,
    )
    expect(result.provider).toBe('echo')
    expect(result.attempts[0]).toMatchObject({ provider: 'repo-bot', ok: false })
    expect(result.attempts[0]?.error).toContain('run `discussions trust` in')
    await expect(readFile(marker, 'utf8')).rejects.toThrow()

    expect(await trustProject(project, user)).toBe(true)
    expect(await trustProject(project, user)).toBe(false)
    expect(await isTrusted(project, user)).toBe(true)
    const trusted = await load()
    expect(trusted.entries.find((entry) => entry.name === 'repo-bot')).toMatchObject({
      trusted: true,
      problem: null,
    })
    // Once trusted, the project's entry replaces the user's of the same name.
    expect(
      trusted.entries.filter((entry) => entry.name === 'echo').map((entry) => entry.active),
    ).toEqual([false, true])
    const answer = await trusted.available.get('repo-bot')?.complete({ prompt: 'hi' })
    expect(answer?.text).toBe('ran')
    expect(await readFile(marker, 'utf8')).toBe('ran')

    expect(await revokeTrust(project, user)).toBe(true)
    expect(await isTrusted(project, user)).toBe(false)
    expect(JSON.parse(await readFile(join(user, TRUST_FILE), 'utf8'))).toEqual({ trusted: [] })
  })

  it('reads providers.default and fallback from discussions.yaml when not given', async () => {
    await writeFile(
      join(user, 'providers.yaml'),
      `providers:\n  - name: a\n    command: "${bins.echo}"\n  - name: b\n    command: "${bins.echo}"\n`,
    )
    await writeFile(
      join(project, 'discussions.yaml'),
      'providers:\n  default: b\n  fallback: [a, demo]\n',
    )
    const loaded = await loadProviders({
      cwd: project,
      env: { ...env(), DISCUSSIONS_CONFIG_DIR: user },
      sleep: noSleep,
    })
    expect([loaded.defaultName, loaded.fallback]).toEqual(['b', ['a', 'demo']])
  })

  it('gives a turn one call per persona: its hint first, then the default; --provider alone', async () => {
    await writeFile(
      join(user, 'providers.yaml'),
      `providers:\n  - name: echo\n    command: "${bins.echo}"\n  - name: broken\n    command: "${bins.crash}"\n`,
    )
    const loaded = await load({ settings: { default: 'echo', fallback: [] } })
    const call = providerCaller(loaded)
    const result = await call({ provider_hint: 'broken' }, { prompt: 'hi' })
    expect(result.provider).toBe('echo')
    expect(result.attempts.map((attempt) => [attempt.provider, attempt.ok])).toEqual([
      ['broken', false],
      ['echo', true],
    ])
    const demo = await providerCaller(loaded, { explicit: 'demo' })(
      { provider_hint: 'echo' },
      { prompt: 'hi' },
    )
    expect(demo.provider).toBe('demo')
    await expect(
      providerCaller(loaded, { explicit: 'nope' })({ provider_hint: null }, { prompt: 'hi' }),
    ).rejects.toMatchObject({ reason: 'config' })
  })
})
