/**
 * The providers in force for a working folder: the user's `providers.yaml` (in the user config
 * folder), then the project's (beside its `discussions.yaml`), then the built-in `demo`. A
 * project's entries replace the user's of the same name, but only once the project is trusted;
 * until then they are listed as untrusted and fail with a message that says how to trust it.
 *
 * The default provider: `providers.default` from discussions.yaml, else the `default:` of a
 * providers.yaml (the project's when trusted, then the user's), else the first provider
 * configured, else `demo`. The fallback list likewise.
 */
import { join } from 'node:path'

import { createDemoProvider } from '../../core/providers/demo.js'
import type { DemoOptions } from '../../core/providers/demo.js'
import type { Provider } from '../../core/providers/port.js'
import { DEMO_PROVIDER } from '../../core/providers/resolve-chain.js'
import { providersFileOutlineSchema } from '../../core/providers/schema.js'
import { ConfigError } from '../config/config-error.js'
import { loadConfig } from '../config/load-config.js'
import { findProjectRoot, userConfigDir } from '../config/paths.js'
import { locate, readYamlSource, validateYaml } from '../config/yaml-file.js'
import type { YamlSource } from '../config/yaml-file.js'
import { somethingAt } from '../files/something-at.js'
import { buildProvider, failingProvider } from './build-provider.js'
import { providerEntrySchema } from './kinds/index.js'
import type { ProviderConfig, ProviderKindName } from './kinds/index.js'
import { sleep as nodeSleep } from './sleep.js'
import { isTrusted, untrustedMessage } from './trust.js'
import { processEnv } from '../host.js'

export const PROVIDERS_FILE = 'providers.yaml'

export type ProviderSource = 'user' | 'project' | 'built-in'

export interface ProviderEntry {
  name: string
  kind: ProviderKindName
  source: ProviderSource
  file: string | null
  line: number | null
  /** False for a project's entry the user has not trusted (the user's own are always trusted). */
  trusted: boolean
  /** False when another entry of the same name is the one used. */
  active: boolean
  /** Why this entry cannot be called as configured; null when it can. */
  problem: string | null
  config: ProviderConfig | null
  /** A command provider's program and arguments, as they will run. */
  argv: string[] | null
  provider: Provider
}

export interface LoadedProviders {
  /** The user's entries, the project's, then the built-in demo. */
  entries: ProviderEntry[]
  /** The provider each name calls. */
  available: Map<string, Provider>
  defaultName: string
  fallback: string[]
  /** Files or entries that could not be read; each names its file and line. */
  problems: ConfigError[]
  /** Those of `problems` that are in a providers.yaml (a turn refuses to stand the demo in for them). */
  fileProblems: ConfigError[]
  projectRoot: string | null
  projectTrusted: boolean
  userFile: string
  /** Whether the user's providers.yaml exists (it may still hold nothing usable). */
  userFileExists: boolean
  projectFile: string | null
  /** Whether any provider besides the built-in demo is configured. */
  configured: boolean
}

export interface LoadProvidersOptions {
  cwd: string
  env?: NodeJS.ProcessEnv
  /** The user config folder (default: `userConfigDir(env)`). */
  configDir?: string
  /** Default: the project `cwd` belongs to. */
  projectRoot?: string | null
  /** `providers.default` / `.fallback` from discussions.yaml; default: read them. */
  settings?: { default: string | null; fallback: readonly string[] }
  sleep?: DemoOptions['sleep']
  fetch?: typeof fetch
  scratchRoot?: string
}

interface FileEntries {
  entries: ProviderEntry[]
  default: string | null
  fallback: string[] | null
}

async function readProvidersFile(
  file: string,
  source: 'user' | 'project',
  trusted: { value: boolean; root: string | null },
  options: LoadProvidersOptions & { env: NodeJS.ProcessEnv },
  problems: ConfigError[],
): Promise<FileEntries> {
  const none: FileEntries = { entries: [], default: null, fallback: null }
  if (!somethingAt(file)) return none
  let yaml: YamlSource
  try {
    // A project's file must really be in the project: a link in a cloned repository is refused.
    yaml = await readYamlSource(file, source === 'project' ? trusted.root : null)
    if (yaml.empty) return none
    const outline = validateYaml(yaml, providersFileOutlineSchema)
    const entries: ProviderEntry[] = []
    const seen = new Set<string>()
    for (const index of outline.providers.keys()) {
      const line = locate(yaml, ['providers', index]).line
      let config: ProviderConfig
      try {
        config = validateYaml(yaml, providerEntrySchema, { at: ['providers', index] })
      } catch (error) {
        if (error instanceof ConfigError) problems.push(error)
        else throw error
        continue
      }
      if (seen.has(config.name) || config.name === DEMO_PROVIDER) {
        const why =
          config.name === DEMO_PROVIDER
            ? '"demo" is the built-in offline provider; give this one another name'
            : `"${config.name}" is defined twice in this file`
        problems.push(new ConfigError(why, { file, line }))
        continue
      }
      seen.add(config.name)
      const built = trusted.value
        ? buildProvider(config, {
            env: options.env,
            ...(options.sleep ? { sleep: options.sleep } : {}),
            ...(options.fetch ? { fetch: options.fetch } : {}),
            ...(options.scratchRoot ? { scratchRoot: options.scratchRoot } : {}),
          })
        : null
      const untrusted = untrustedMessage(trusted.root ?? '')
      entries.push({
        name: config.name,
        kind: config.type,
        source,
        file,
        line,
        trusted: trusted.value,
        active: true,
        problem: built ? built.problem : untrusted,
        config,
        argv: built?.argv ?? null,
        provider:
          built?.provider ?? failingProvider(config.name, config.type, 'untrusted', untrusted),
      })
    }
    return {
      entries,
      default: outline.default ?? null,
      fallback: outline.fallback ?? null,
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      problems.push(error)
      return none
    }
    throw error
  }
}

async function settingsFor(
  options: LoadProvidersOptions & { env: NodeJS.ProcessEnv },
  problems: ConfigError[],
): Promise<{ default: string | null; fallback: readonly string[] }> {
  if (options.settings) return options.settings
  try {
    return (await loadConfig({ cwd: options.cwd, env: options.env })).config.providers
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    problems.push(error)
    return { default: null, fallback: [] }
  }
}

export async function loadProviders(options: LoadProvidersOptions): Promise<LoadedProviders> {
  const env = options.env ?? processEnv()
  const withEnv = { ...options, env }
  const problems: ConfigError[] = []
  const configDir = options.configDir ?? userConfigDir(env)
  const projectRoot =
    options.projectRoot === undefined ? findProjectRoot(options.cwd) : options.projectRoot
  const projectTrusted = projectRoot ? await isTrusted(projectRoot, configDir) : false
  const userFile = join(configDir, PROVIDERS_FILE)
  const projectFile = projectRoot ? join(projectRoot, PROVIDERS_FILE) : null

  const user = await readProvidersFile(
    userFile,
    'user',
    { value: true, root: null },
    withEnv,
    problems,
  )
  // A project inside the user config folder (or the same file twice) is read once.
  const project =
    projectFile && projectFile !== userFile
      ? await readProvidersFile(
          projectFile,
          'project',
          { value: projectTrusted, root: projectRoot },
          withEnv,
          problems,
        )
      : { entries: [], default: null, fallback: null }

  const byName = new Map<string, ProviderEntry>()
  for (const entry of [...user.entries, ...project.entries]) {
    const earlier = byName.get(entry.name)
    if (earlier && !entry.trusted) {
      entry.active = false // an untrusted project cannot replace the user's own provider
      continue
    }
    if (earlier) earlier.active = false
    byName.set(entry.name, entry)
  }
  const demo: ProviderEntry = {
    name: DEMO_PROVIDER,
    kind: 'demo',
    source: 'built-in',
    file: null,
    line: null,
    trusted: true,
    active: true,
    problem: null,
    config: { name: DEMO_PROVIDER, type: 'demo' },
    argv: null,
    provider: createDemoProvider({ sleep: options.sleep ?? nodeSleep }),
  }
  byName.set(DEMO_PROVIDER, demo)
  const entries = [...user.entries, ...project.entries, demo]
  const available = new Map([...byName].map(([name, entry]) => [name, entry.provider]))

  const settings = await settingsFor(withEnv, problems)
  const trustedProject = projectTrusted ? project : null
  const firstConfigured = entries.find(
    (entry) => entry.active && entry.trusted && entry.source !== 'built-in',
  )
  const defaultName =
    settings.default ??
    trustedProject?.default ??
    user.default ??
    firstConfigured?.name ??
    DEMO_PROVIDER
  const fallback =
    settings.fallback.length > 0
      ? [...settings.fallback]
      : (trustedProject?.fallback ?? user.fallback ?? [])
  return {
    entries,
    available,
    defaultName,
    fallback,
    problems,
    fileProblems: problems.filter(
      (problem) =>
        problem.file === userFile || (projectFile !== null && problem.file === projectFile),
    ),
    projectRoot,
    projectTrusted,
    userFile,
    userFileExists: somethingAt(userFile),
    projectFile,
    configured: entries.length > 1,
  }
}
