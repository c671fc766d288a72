/**
 * Settings follow the disk while the app runs: real files in a temporary project, the real
 * backend and its watchers; each change is seen as the event the windows get and in the lists.
 */
import { mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { createBackend } from '../../src/backend/index.js'
import type { Backend } from '../../src/backend/index.js'
import type {
  PersonaInfo,
  ProvidersState,
  SettingsChanged,
  TemplateInfo,
} from '../../src/shared/contract/index.js'
import { tempFolder } from '../support/temp.js'

let open: Backend | null = null
afterEach(() => open?.close())

const providersYaml = (...names: string[]): string =>
  [
    'providers:',
    ...names.flatMap((name) => [
      `  - name: ${name}`,
      '    type: openai',
      '    base_url: http://127.0.0.1:1/v1',
      '    model: llama3.2',
    ]),
    '',
  ].join('\n')

const persona = (alias: string, role = 'Reviewer'): string =>
  [
    `name: AI-${alias}`,
    `alias: ${alias}`,
    `role: ${role}`,
    'personality: You review what is proposed.',
    'type: voting',
    '',
  ].join('\n')

/** A project (and what `before` writes into it) with a backend opened on its folder. */
async function setup(before: (root: string) => Promise<void> = async () => {}) {
  const root = await tempFolder()
  await mkdir(join(root, '.git'))
  const folder = join(root, 'discussions')
  const config = join(root, '.config')
  await mkdir(folder)
  await mkdir(config)
  await writeFile(join(config, 'providers.yaml'), providersYaml('scripted'))
  await before(root)
  const backend = await createBackend({
    shell: { mode: 'browser' },
    env: {
      DISCUSSIONS_CONFIG_DIR: config,
      DISCUSSIONS_STATE_DIR: join(root, '.state'),
      DISCUSSIONS_USER: 'Rob',
    },
    platform: process.platform,
    folders: [folder],
    version: '0.0.0-test',
  })
  open = backend
  const events: SettingsChanged[] = []
  backend.subscribe((channel, payload) => {
    if (channel === 'workspace:settingsChanged') events.push(payload as SettingsChanged)
  })
  /** The next settings event after `count` seen so far. */
  const next = async (count: number): Promise<SettingsChanged> => {
    await expect.poll(() => events.length, { timeout: 10_000 }).toBeGreaterThan(count)
    return events[count] as SettingsChanged
  }
  const value = async <T>(reply: Promise<unknown>): Promise<T> =>
    ((await reply) as { value: T }).value
  const providers = async (): Promise<string[]> =>
    (
      await value<ProvidersState>(backend.invoke('providers:list', { folder, probe: false }))
    ).providers.map((entry) => entry.name)
  const personas = async (): Promise<string[]> =>
    (await value<PersonaInfo[]>(backend.invoke('personas:list', { folder }))).map((p) => p.alias)
  const templates = async (): Promise<string[]> =>
    (await value<TemplateInfo[]>(backend.invoke('templates:list', { folder }))).map((t) => t.name)
  return { root, folder, config, backend, events, next, providers, personas, templates }
}

describe('live settings', () => {
  it('a provider added to providers.yaml is told and listed; a broken file keeps the old list', async () => {
    const { backend, folder, config, events, next, providers } = await setup()
    expect(await providers()).toEqual(['scripted', 'demo'])

    await writeFile(join(config, 'providers.yaml'), providersYaml('scripted', 'ollama'))
    const added = await next(0)
    expect(added.changes).toEqual([{ kind: 'provider', name: 'ollama', change: 'added' }])
    expect(added.problems).toEqual([])
    expect(await providers()).toEqual(['scripted', 'ollama', 'demo'])
    // Opening the folder again reads the same, current settings.
    await backend.invoke('workspace:open', { folder })
    expect(await providers()).toEqual(['scripted', 'ollama', 'demo'])

    // A save half done: the YAML does not parse. The list read before stays in use.
    await writeFile(
      join(config, 'providers.yaml'),
      'providers:\n  - name: scripted\n    type: openai\n   model: [unclosed\n',
    )
    const broken = await next(1)
    expect(broken.changes).toEqual([])
    expect(broken.problems).toHaveLength(1)
    expect(broken.problems[0]).toMatch(/providers\.yaml:\d+(:\d+)?: /)
    expect(await providers()).toEqual(['scripted', 'ollama', 'demo'])

    // Fixed without ollama: the change is told against the list in use.
    await writeFile(join(config, 'providers.yaml'), providersYaml('scripted'))
    const fixed = await next(2)
    expect(fixed).toMatchObject({
      changes: [{ kind: 'provider', name: 'ollama', change: 'removed' }],
      problems: [],
    })
    expect(await providers()).toEqual(['scripted', 'demo'])
    expect(events).toHaveLength(3) // one save, one event
  })

  it("a project's persona added, renamed and removed; a template added", async () => {
    const { root, next, personas, templates } = await setup()
    const dir = join(root, '.discussions', 'personas')
    expect(await personas()).not.toContain('reviewer')

    // The folders do not exist yet when the app starts: they are seen once made.
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, 'reviewer.yaml'), persona('reviewer'))
    expect((await next(0)).changes).toEqual([
      { kind: 'persona', name: 'reviewer', change: 'added' },
    ])
    expect(await personas()).toContain('reviewer')

    await rename(join(dir, 'reviewer.yaml'), join(dir, 'critic.yaml'))
    expect((await next(1)).changes).toEqual([
      { kind: 'persona', name: 'reviewer', change: 'changed' },
    ])

    await rm(join(dir, 'critic.yaml'))
    expect((await next(2)).changes).toEqual([
      { kind: 'persona', name: 'reviewer', change: 'removed' },
    ])
    expect(await personas()).not.toContain('reviewer')

    await mkdir(join(root, '.discussions', 'templates'))
    await writeFile(
      join(root, '.discussions', 'templates', 'quick.yaml'),
      ['name: quick', 'phases:', '  - id: talk', '    title: Talk', '    goal: Say it.', ''].join(
        '\n',
      ),
    )
    const template = await next(3)
    expect(template.changes).toEqual([{ kind: 'template', name: 'quick', change: 'added' }])
    expect(await templates()).toContain('quick')
  })

  it('a broken persona file is told with its line and the persona stays as it was', async () => {
    const personasIn = (root: string): string => join(root, '.discussions', 'personas')
    const { root, next, personas } = await setup(async (root) => {
      await mkdir(personasIn(root), { recursive: true })
      await writeFile(join(personasIn(root), 'reviewer.yaml'), persona('reviewer'))
    })
    expect(await personas()).toContain('reviewer')
    await writeFile(
      join(personasIn(root), 'reviewer.yaml'),
      persona('reviewer').replace('voting', 'voter'),
    )
    const broken = await next(0)
    expect(broken.problems).toEqual([
      expect.stringMatching(/^\.discussions\/personas\/reviewer\.yaml:5: type: /),
    ])
    expect(await personas()).toContain('reviewer')
  })

  it('a link out of the settings folders is not followed', async () => {
    const { root, events, next, personas } = await setup()
    const outside = await tempFolder()
    await writeFile(join(outside, 'stranger.yaml'), persona('stranger'))
    await mkdir(join(root, '.discussions'), { recursive: true })
    await symlink(outside, join(root, '.discussions', 'personas'))
    // The link itself appearing is a change (the loaders decide what it holds); a file written
    // behind it later is outside what the app watches and is not followed.
    await next(0)
    const seen = events.length
    await writeFile(join(outside, 'another.yaml'), persona('another'))
    await new Promise((done) => setTimeout(done, 1000))
    expect(events).toHaveLength(seen)
    expect(await personas()).not.toContain('another')
  })
})
