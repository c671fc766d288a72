/**
 * The settings in force for a working folder: the defaults, then the user's settings file, then
 * the project's `discussions.yaml`, each later one winning key by key (nested settings such as
 * `consensus` merge, lists are replaced whole).
 */
import { join } from 'node:path'

import { PARSE_OPTIONS } from '../../core/config/issues.js'
import { tightenBudget } from '../../core/budget/settings.js'
import { discussionsConfigSchema } from '../../core/config/schema.js'
import type { DiscussionsConfig } from '../../core/config/schema.js'
import { somethingAt } from '../files/something-at.js'
import { ConfigError } from './config-error.js'
import { findProjectRoot, packageRoot, PROJECT_CONFIG_FILE, userConfigDir } from './paths.js'
import type { RegistryDirs } from './registry.js'
import { readYamlSource, validateYaml } from './yaml-file.js'
import { HOST_PLATFORM, processEnv } from '../host.js'

/** The user's settings file; `config.yaml` is the seed's name for it, and is read as well. */
export const USER_CONFIG_FILES = ['discussions.yaml', 'config.yaml'] as const

/** Where a project keeps its own personas and templates: `<root>/.discussions/personas/`. */
export const PROJECT_DATA_DIR = '.discussions'

export interface LoadConfigOptions {
  cwd: string
  env?: NodeJS.ProcessEnv
  platform?: NodeJS.Platform
  home?: string
}

export interface LoadedConfig {
  config: DiscussionsConfig
  projectRoot: string | null
  /** The settings files that were read, user's first. */
  files: string[]
}

type Settings = Record<string, unknown>

/** Throws a ConfigError naming the file and line of the first problem in either file. */
export async function loadConfig(options: LoadConfigOptions): Promise<LoadedConfig> {
  const projectRoot = findProjectRoot(options.cwd)
  const userDir = userConfigDir(options.env, options.platform, options.home)
  const userFile = findUserConfigFile(userDir)
  const projectFile = projectRoot ? join(projectRoot, PROJECT_CONFIG_FILE) : null
  const files: string[] = []
  const layers: Settings[] = []
  for (const file of [userFile, projectFile]) {
    // The project's own file must really be in the project (a cloned repository's link is not).
    const within = file === projectFile ? projectRoot : null
    let settings = file === null ? null : await readSettings(file, within)
    if (file === null || settings === null) continue
    if (file === projectFile && projectRoot !== null) {
      settings = await withoutUntrustedIdentity(settings, projectRoot, userDir)
      // A project's caps can only be stricter than the user's own.
      if ('budget' in settings)
        settings = { ...settings, budget: tightenBudget(layers[0]?.budget, settings.budget) }
    }
    files.push(file)
    layers.push(settings)
  }
  const merged = layers.reduce<Settings>((base, over) => mergeSettings(base, over), {})
  const config = discussionsConfigSchema.parse(merged, PARSE_OPTIONS)
  return { config, projectRoot, files }
}

function findUserConfigFile(dir: string): string | null {
  const present: string[] = []
  for (const name of USER_CONFIG_FILES) {
    if (somethingAt(join(dir, name))) present.push(join(dir, name))
  }
  if (present.length > 1) {
    // Merging the two would make it unclear which one a change should go into.
    throw new ConfigError(
      `both ${USER_CONFIG_FILES.join(' and ')} exist in ${dir}; keep your settings in one of them`,
      { file: present[1] },
    )
  }
  return present[0] ?? null
}

/** The file's own settings, checked; null when the file is absent. An empty file sets nothing. */
async function readSettings(file: string, within: string | null): Promise<Settings | null> {
  if (!somethingAt(file)) return null
  const source = await readYamlSource(file, within)
  if (source.empty) return {}
  validateYaml(source, discussionsConfigSchema)
  // The file's own keys, not the parsed result: defaults must not override a lower layer.
  return source.data as Settings
}

/**
 * A project's `user.name` signs the comments of whoever works in it: a cloned repository's
 * `user.name: AI-NotYou` would turn your READY into an AI's vote. So it counts only once you
 * trusted the project (`discussions trust`); until then your own name stands (your settings,
 * $DISCUSSIONS_USER, git, your login), and `--as` always does. Trust is read only when the
 * project sets a name, so no other command pays for it.
 */
async function withoutUntrustedIdentity(
  settings: Settings,
  projectRoot: string,
  userDir: string,
): Promise<Settings> {
  const user = settings.user
  if (!isPlainObject(user) || user.name === undefined || user.name === null) return settings
  const { isTrusted } = await import('../providers/trust.js')
  if (await isTrusted(projectRoot, userDir)) return settings
  const { name: _untrusted, ...rest } = user
  return { ...settings, user: rest }
}

function isPlainObject(value: unknown): value is Settings {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** `over` wins key by key; nested mappings merge, everything else is replaced. */
export function mergeSettings(base: Settings, over: Settings): Settings {
  const merged: Settings = { ...base }
  for (const [key, value] of Object.entries(over)) {
    const below = merged[key]
    merged[key] = isPlainObject(below) && isPlainObject(value) ? mergeSettings(below, value) : value
  }
  return merged
}

/** The base folders of the persona and template layers for a project (or none). */
export function registryDirs(
  projectRoot: string | null,
  env: NodeJS.ProcessEnv = processEnv(),
  platform: NodeJS.Platform = HOST_PLATFORM,
  home?: string,
): RegistryDirs {
  return {
    project: projectRoot ? join(projectRoot, PROJECT_DATA_DIR) : null,
    user: userConfigDir(env, platform, home),
    bundled: packageRoot(),
  }
}
