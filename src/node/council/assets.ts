/**
 * The council's role personas and prompt templates, each looked up project -> user -> bundled:
 * `<layer>/personas/council/*.yaml` and `<layer>/prompts/council/<name>.md`, where a layer is
 * the project's `.discussions/`, the user's config folder, or this package. They live in their
 * own folders so the nine roles do not crowd `participants list` or a turn's @all.
 */
import { join } from 'node:path'

import { PROMPT_NAMES } from '../../core/council/prompts.js'
import type { PromptName } from '../../core/council/prompts.js'
import { personaAliasOf, rolesOf } from '../../core/council/roles.js'
import type { CouncilRole } from '../../core/council/roles.js'
import type { CouncilMode } from '../../core/council/modes.js'
import type { Persona } from '../../core/personas/schema.js'
import { ConfigError } from '../config/config-error.js'
import type { ConfigSource, RegistryDirs } from '../config/registry.js'
import { layerBoundary, layerFiles, readPersonaFile } from '../config/registry-files.js'
import { NotReadableError, readRegularFile } from '../files/read-regular-file.js'

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
      const within = layerBoundary(source, base)
      const reads = await Promise.all(files.map((file) => readPersonaFile(file, within)))
      return { source, problem, reads }
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

/** Far above any prompt template a person writes. */
const MAX_PROMPT_BYTES = 256 * 1024

/**
 * The first of `paths` that exists, read, the earlier winning. A project's template must really
 * be in the project (`within`): it goes into what the providers are sent, so a link in a cloned
 * repository must not send them a file from elsewhere.
 */
function readFirst(paths: [ConfigSource, string, string | null][]): [ConfigSource, string] | null {
  for (const [source, file, within] of paths) {
    try {
      return [source, readRegularFile(file, MAX_PROMPT_BYTES, { within }).toString('utf8')]
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') continue
      if (code === 'EISDIR') throw new ConfigError('is a folder, not a prompt template', { file })
      if (code === 'EOUTSIDE')
        throw new ConfigError(
          `is a link to a file outside the project (${within ?? ''}); a project's prompt templates are read only from inside it`,
          { file },
        )
      throw new ConfigError(
        error instanceof NotReadableError
          ? error.message
          : `cannot be read (${code ?? String(error)})`,
        { file },
      )
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
  const found = PROMPT_NAMES.map((name) =>
    readFirst(
      layers(dirs).map(([source, base]) => [
        source,
        join(base, 'prompts', 'council', `${name}.md`),
        layerBoundary(source, base),
      ]),
    ),
  )
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
