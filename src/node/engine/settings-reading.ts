/**
 * One reading of a folder's settings as the app shows them: every provider, persona and template
 * by name with a fingerprint of what it is, the problems met while reading, and the places the
 * settings are read from (what to watch).
 */
import { join } from 'node:path'

import type { SettingsSnapshot } from '../../core/config/settings-diff.js'
import { ConfigError } from '../config/config-error.js'
import { PROJECT_DATA_DIR } from '../config/load-config.js'
import { userConfigDir } from '../config/paths.js'
import type { Origin } from '../config/registry.js'
import type { SettingsPlace } from '../config/settings-watcher.js'
import type { Engine } from './engine.js'

export interface SettingsReading {
  snapshot: SettingsSnapshot
  /** Each problem as one line with its file and line, shown relative to the project. */
  problems: string[]
}

export const EMPTY_SETTINGS: SettingsSnapshot = {
  provider: new Map(),
  persona: new Map(),
  template: new Map(),
}

/** Where `engine`'s settings come from: its project (if any), then the user config folder. */
export function settingsPlaces(engine: Engine): SettingsPlace[] {
  const user = userConfigDir(engine.env)
  const places: SettingsPlace[] = [{ root: user, registry: user }]
  if (engine.projectRoot)
    places.unshift({
      root: engine.projectRoot,
      registry: join(engine.projectRoot, PROJECT_DATA_DIR),
    })
  return places
}

/** Reads all three kinds through `engine` (its caches keep this reading for its later use). */
export async function readSettings(engine: Engine): Promise<SettingsReading> {
  const [providers, personas, templates] = await Promise.all([
    engine.providers(),
    engine.personas(),
    engine.templates(),
  ])
  const base = engine.projectRoot ?? engine.cwd
  const problems = [...providers.problems, ...personas.problems, ...templates.problems].map(
    (problem) => (problem instanceof ConfigError ? problem.messageFrom(base) : String(problem)),
  )
  const provider = new Map<string, string>()
  for (const entry of providers.entries) {
    if (!entry.active) continue
    const { name, kind, source, file, trusted, problem, config } = entry
    // Not the line: moving an entry within its file changes nothing a person uses.
    provider.set(name, JSON.stringify({ kind, source, file, trusted, problem, config }))
  }
  const persona = fingerprints(personas.list(), ({ persona: value }) => [value.alias, value])
  const template = fingerprints(templates.list(), ({ template: value }) => [value.name, value])
  return { snapshot: { provider, persona, template }, problems: [...new Set(problems)] }
}

/** Each registry entry by its name, fingerprinted by what it holds and where it was read from. */
function fingerprints<E extends Origin>(
  entries: readonly E[],
  named: (entry: E) => [string, unknown],
): Map<string, string> {
  return new Map(
    entries.map((entry) => {
      const [name, value] = named(entry)
      return [name, JSON.stringify({ value, source: entry.source, file: entry.file })]
    }),
  )
}
