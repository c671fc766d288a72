/**
 * Reading the configuration (settings, providers, personas, templates) has zod interpret its
 * schemas: it compiles no parser with `new Function`. A CLI process parses each schema a few
 * times and ends, and code made with `new Function` is in no compile cache, so compiling only
 * cost time (src/core/config/issues.ts: PARSE_OPTIONS). Counted by wrapping the global
 * `Function` that zod compiles with.
 */
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { loadConfig, registryDirs } from '../../src/node/config/load-config.js'
import { loadPersonas, loadTemplates } from '../../src/node/config/registry.js'
import { loadProviders } from '../../src/node/providers/load-providers.js'

let root: string
let compiled: string[]
const realFunction = globalThis.Function

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'discussions-parsers-')))
  compiled = []
  globalThis.Function = new Proxy(realFunction, {
    construct(target, args: string[]) {
      compiled.push(args.at(-1) ?? '')
      return Reflect.construct(target, args)
    },
  })
})
afterEach(async () => {
  globalThis.Function = realFunction
  await rm(root, { recursive: true, force: true })
})

describe('reading the configuration', () => {
  it('interprets every schema and compiles no parser', async () => {
    const user = join(root, 'user')
    const project = join(root, 'project')
    await mkdir(join(project, '.git'), { recursive: true })
    await mkdir(join(user, 'personas'), { recursive: true })
    await writeFile(
      join(user, 'discussions.yaml'),
      'consensus:\n  threshold_ready: 0.75\nuser:\n  name: Rob\n',
    )
    await writeFile(
      join(user, 'providers.yaml'),
      'default: local\nproviders:\n  - name: local\n    command: "cat"\n    timeout: 30\n',
    )
    await writeFile(
      join(user, 'personas', 'critic.yaml'),
      'name: AI-Critic\nalias: critic\nrole: Finds the weak spot\npersonality: Blunt.\n',
    )
    const env = { DISCUSSIONS_CONFIG_DIR: user, HOME: root, PATH: process.env.PATH }

    const { config, projectRoot } = await loadConfig({ cwd: project, env })
    const providers = await loadProviders({ cwd: project, env, configDir: user })
    const dirs = registryDirs(projectRoot, env)
    const personas = await loadPersonas(dirs)
    const templates = await loadTemplates(dirs)

    expect(config.consensus.threshold_ready).toBe(0.75)
    expect(providers.problems).toEqual([])
    expect(providers.defaultName).toBe('local')
    expect(personas.problems).toEqual([])
    expect(personas.get('critic')?.persona.name).toBe('AI-Critic')
    expect(templates.problems).toEqual([])
    // zod's one probe of whether it may compile at all (`new Function("")`) makes no parser.
    expect(compiled.filter((body) => body.trim() !== '')).toEqual([])
  })
})
