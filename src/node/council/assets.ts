/**
 * The council's role personas and prompt templates, each looked up project -> user -> bundled:
 * `<layer>/personas/council/*.yaml` and `<layer>/prompts/council/<name>.md`, where a layer is
 * the project's `.discussions/`, the user's config folder, or this package. They live in their
 * own folders so the nine roles do not crowd `participants list` or a turn's @all.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { PROMPT_NAMES } from '../../core/council/prompts.js'
import type { PromptName } from '../../core/council/prompts.js'
import { personaAliasOf, rolesOf } from '../../core/council/roles.js'
import type { CouncilRole } from '../../core/council/roles.js'
import type { CouncilMode } from '../../core/council/modes.js'
import type { Persona } from '../../core/personas/schema.js'
import { ConfigError } from '../config/config-error.js'
import type { ConfigSource, RegistryDirs } from '../config/registry.js'
import { layerFiles, readPersonaFile } from '../config/registry-files.js'

export interface CouncilAssets {
  persona: (role: CouncilRole) => Persona
  template: (name: PromptName) => string
  /** Where each role's persona and each template came from, for `--verbose` and docs. */
  sources: { personas: Record<string, ConfigSource>; prompts: Record<string, ConfigSource> }
}

function layers(dirs: RegistryDirs): [ConfigSource, string][] {
  const all: [ConfigSource, string | null][] = [
    ['project', dirs.project],
    ['user', dirs.user],
    ['bundled', dirs.bundled],
  ]
  return all.filter((layer): layer is [ConfigSource, string] => layer[1] !== null)
}

async function loadPersonas(
  dirs: RegistryDirs,
): Promise<Map<string, { persona: Persona; source: ConfigSource }>> {
  const found = new Map<string, { persona: Persona; source: ConfigSource }>()
  for (const [source, base] of layers(dirs)) {
    const { files, problem } = await layerFiles(base, join('personas', 'council'), false)
    if (problem) throw problem
    for (const file of files) {
      for (const read of await readPersonaFile(file)) {
        // A broken override must be fixed, not silently replaced by the bundled role.
        if ('error' in read) throw read.error
        const alias = read.value.alias
        if (!found.has(alias)) found.set(alias, { persona: read.value, source })
      }
    }
  }
  return found
}

async function readFirst(paths: [ConfigSource, string][]): Promise<[ConfigSource, string] | null> {
  for (const [source, path] of paths) {
    try {
      return [source, await readFile(path, 'utf8')]
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  return null
}

/** Loads what a council of this mode needs; a missing role or template is one clear error. */
export async function loadCouncilAssets(
  dirs: RegistryDirs,
  mode: CouncilMode,
): Promise<CouncilAssets> {
  const personas = await loadPersonas(dirs)
  const sources: CouncilAssets['sources'] = { personas: {}, prompts: {} }
  for (const role of rolesOf(mode)) {
    const alias = personaAliasOf(role)
    const entry = personas.get(alias)
    if (!entry)
      throw new ConfigError(
        `no persona "${alias}" for the council's ${role.title}; add personas/council/${role.id}.yaml`,
      )
    sources.personas[alias] = entry.source
  }
  const templates = new Map<PromptName, string>()
  for (const name of PROMPT_NAMES) {
    const found = await readFirst(
      layers(dirs).map(([source, base]) => [
        source,
        join(base, 'prompts', 'council', `${name}.md`),
      ]),
    )
    if (!found) continue
    templates.set(name, found[1])
    sources.prompts[name] = found[0]
  }
  return {
    persona: (role) => {
      const entry = personas.get(personaAliasOf(role))
      if (!entry) throw new ConfigError(`no persona "${personaAliasOf(role)}"`)
      return entry.persona
    },
    template: (name) => {
      const text = templates.get(name)
      if (text === undefined)
        throw new ConfigError(`no prompt template "${name}.md" in prompts/council/`)
      return text
    },
    sources,
  }
}
