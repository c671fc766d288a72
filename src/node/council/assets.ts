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

/**
 * Every layer's council personas, the first of each alias winning (project, then user, then
 * bundled; files in name order). The files are read at once, then taken in that order, so the
 * result and the error a broken override raises are those of reading them one by one.
 */
async function loadPersonas(
  dirs: RegistryDirs,
): Promise<Map<string, { persona: Persona; source: ConfigSource }>> {
  const layerReads = await Promise.all(
    layers(dirs).map(async ([source, base]) => {
      const { files, problem } = await layerFiles(base, join('personas', 'council'), false)
      return { source, problem, reads: await Promise.all(files.map(readPersonaFile)) }
    }),
  )
  const found = new Map<string, { persona: Persona; source: ConfigSource }>()
  for (const { source, problem, reads } of layerReads) {
    if (problem) throw problem
    for (const read of reads.flat()) {
      // A broken override must be fixed, not silently replaced by the bundled role.
      if ('error' in read) throw read.error
      const alias = read.value.alias
      if (!found.has(alias)) found.set(alias, { persona: read.value, source })
    }
  }
  return found
}

/** The first of `paths` that exists, read; all are tried at once, the earlier winning. */
async function readFirst(paths: [ConfigSource, string][]): Promise<[ConfigSource, string] | null> {
  const reads = await Promise.all(
    paths.map(([source, path]) =>
      readFile(path, 'utf8').then(
        (text) => ({ source, text }),
        (error: unknown) => ({ source, error }),
      ),
    ),
  )
  for (const [index, read] of reads.entries()) {
    if ('text' in read) return [read.source, read.text]
    const code = (read.error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') continue
    const file = paths[index]?.[1]
    if (code === 'EISDIR') throw new ConfigError('is a folder, not a prompt template', { file })
    throw new ConfigError(`cannot be read (${code ?? String(read.error)})`, { file })
  }
  return null
}

/** Loads what a council of this mode needs; a missing role or template is one clear error. */
export async function loadCouncilAssets(
  dirs: RegistryDirs,
  mode: CouncilMode,
): Promise<CouncilAssets> {
  const [personas, found] = await Promise.all([
    loadPersonas(dirs),
    Promise.all(
      PROMPT_NAMES.map((name) =>
        readFirst(
          layers(dirs).map(([source, base]) => [
            source,
            join(base, 'prompts', 'council', `${name}.md`),
          ]),
        ),
      ),
    ),
  ])
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
  for (const [index, name] of PROMPT_NAMES.entries()) {
    const template = found[index]
    if (!template) continue
    templates.set(name, template[1])
    sources.prompts[name] = template[0]
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
