import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { discussionsConfigSchema } from '../../core/config/schema.js'
import { loadConfig, mergeSettings, registryDirs } from './load-config.js'
import { packageRoot } from './paths.js'

const DEFAULT_CONFIG = discussionsConfigSchema.parse({})

let root: string
let project: string
let user: string
let env: NodeJS.ProcessEnv

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'discussions-config-')))
  project = join(root, 'project')
  user = join(root, 'user')
  await mkdir(join(project, '.git'), { recursive: true })
  await mkdir(user, { recursive: true })
  env = { DISCUSSIONS_CONFIG_DIR: user }
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

async function write(path: string, text: string): Promise<string> {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, text)
  return path
}

describe('loadConfig', () => {
  it('gives the defaults, with human_required true, when no file sets anything', async () => {
    const loaded = await loadConfig({ cwd: project, env })
    expect(loaded).toEqual({ config: DEFAULT_CONFIG, projectRoot: project, files: [] })
    expect(loaded.config.consensus.human_required).toBe(true)
  })

  it("merges the user's settings, then the project's, key by key", async () => {
    const userFile = await write(
      join(user, 'discussions.yaml'),
      `default_participants: [architect, security]
consensus:
  threshold_ready: 0.75
  human_required: false
providers:
  default: claude-sonnet
  fallback: [claude-haiku]
user:
  name: Rob
`,
    )
    const projectFile = await write(
      join(project, 'discussions.yaml'),
      `default_participants: [pragmatist]
consensus:
  threshold_ready: 0.9
providers:
  fallback: []
`,
    )
    const loaded = await loadConfig({ cwd: join(project), env })
    expect(loaded.files).toEqual([userFile, projectFile])
    expect(loaded.config).toEqual({
      ...DEFAULT_CONFIG,
      default_participants: ['pragmatist'],
      consensus: { threshold_ready: 0.9, threshold_reject: 0.01, human_required: false },
      providers: { default: 'claude-sonnet', fallback: [] },
      user: { name: 'Rob' },
    })
  })

  it("reads the seed's config.yaml name for the user's settings", async () => {
    await write(join(user, 'config.yaml'), 'default_template: adr\n')
    const loaded = await loadConfig({ cwd: project, env })
    expect(loaded.config.default_template).toBe('adr')
  })

  it('refuses two user settings files, naming both', async () => {
    await write(join(user, 'config.yaml'), 'default_template: adr\n')
    await write(join(user, 'discussions.yaml'), 'default_template: feature\n')
    await expect(loadConfig({ cwd: project, env })).rejects.toThrow(
      `${join(user, 'config.yaml')}: both discussions.yaml and config.yaml exist in ${user}; keep your settings in one of them`,
    )
  })

  it('names the file and line of a bad setting', async () => {
    const file = await write(
      join(project, 'discussions.yaml'),
      'default_template: feature\nconsensus:\n  threshold_reject: 2\n',
    )
    await expect(loadConfig({ cwd: project, env })).rejects.toThrow(
      `${file}:3: consensus.threshold_reject: must be a fraction between 0 and 1, such as 0.67 (got 2)`,
    )
    await write(join(project, 'discussions.yaml'), 'consensus:\n  human_requird: true\n')
    await expect(loadConfig({ cwd: project, env })).rejects.toThrow(
      `${file}:2: consensus: unknown key "human_requird" (did you mean "human_required"?)`,
    )
  })

  it('takes an empty discussions.yaml as a project root that sets nothing', async () => {
    const nested = join(root, 'plain', 'sub')
    await mkdir(nested, { recursive: true })
    const file = await write(join(root, 'plain', 'discussions.yaml'), '# settings go here\n')
    const loaded = await loadConfig({ cwd: nested, env })
    expect(loaded).toEqual({
      config: DEFAULT_CONFIG,
      projectRoot: join(root, 'plain'),
      files: [file],
    })
  })
})

describe('mergeSettings', () => {
  it('merges nested mappings and replaces lists and values', () => {
    expect(
      mergeSettings(
        { a: { x: 1, y: 2 }, list: [1, 2], keep: true },
        { a: { y: 3 }, list: [3], extra: null },
      ),
    ).toEqual({ a: { x: 1, y: 3 }, list: [3], keep: true, extra: null })
  })
})

describe('registryDirs', () => {
  it("names the project's .discussions folder, the user's folder and the package", () => {
    expect(registryDirs('/repo', { DISCUSSIONS_CONFIG_DIR: '/me' })).toEqual({
      project: '/repo/.discussions',
      user: '/me',
      bundled: packageRoot(),
    })
    expect(registryDirs(null, { DISCUSSIONS_CONFIG_DIR: '/me' }).project).toBeNull()
  })
})
