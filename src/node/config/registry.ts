/**
 * The personas and templates a discussion can use, gathered from three layers, highest first:
 *
 * 1. the project: `<project>/.discussions/personas/*.yaml` (and `templates/`, `participants.yaml`)
 * 2. the user:    `<user config>/personas/*.yaml`, `templates/*.yaml` and `participants.yaml`
 * 3. bundled:     this package's `personas/` and `templates/`
 *
 * A persona or template in a higher layer hides any in a lower one with the same alias or name,
 * so a user can replace `architect` without touching the package. A broken file never hides the
 * others: its error is collected in `problems`, and looking up the name it was meant to define
 * reports that error rather than quietly falling back to a lower layer.
 */
import { basename } from 'node:path'

import { didYouMean } from '../../core/config/did-you-mean.js'
import type { Persona } from '../../core/personas/schema.js'
import type { Template } from '../../core/templates/schema.js'
import { ConfigError } from './config-error.js'
import { layerBoundary, layerFiles, readPersonaFile, readTemplateFile } from './registry-files.js'
import type { Read } from './registry-files.js'

export { PARTICIPANTS_FILE } from './registry-files.js'

export type ConfigSource = 'project' | 'user' | 'bundled'

/**
 * The folders the layers live in, highest priority first. Each holds `personas/` and
 * `templates/` (and may hold `participants.yaml`); null: no project.
 */
export interface RegistryDirs {
  project: string | null
  user: string
  bundled: string
}

/** Where an entry was read from. */
export interface Origin {
  source: ConfigSource
  file: string
}

export interface PersonaEntry extends Origin {
  persona: Persona
}

export interface TemplateEntry extends Origin {
  template: Template
}

interface Kind<T, E extends Origin> {
  /** `persona`, `template`: for messages. */
  noun: string
  folder: 'personas' | 'templates'
  /** The names an entry is found by; the first is the one listed as known. */
  keys: (value: T) => string[]
  /** Reads one file: its entries, and the broken ones with the names they were meant to have. */
  read: (file: string, within: string | null) => Promise<Read<T>[]>
  /** The entry a registry hands out: the value with where it came from. */
  entry: (value: T, origin: Origin) => E
}

export class Registry<T extends Origin> {
  readonly problems: readonly ConfigError[]
  readonly #noun: string
  readonly #entries: T[]
  readonly #byKey: Map<string, { entry: T } | { error: ConfigError }>
  /** The alias or name of each entry, in list order: what "known:" names. */
  readonly #known: string[]

  constructor(
    noun: string,
    entries: T[],
    known: string[],
    byKey: Map<string, { entry: T } | { error: ConfigError }>,
    problems: ConfigError[],
  ) {
    this.#noun = noun
    this.#entries = entries
    this.#known = known
    this.#byKey = byKey
    this.problems = problems
  }

  /** Every usable entry: the project's first, then the user's, then the bundled ones. */
  list(): T[] {
    return [...this.#entries]
  }

  /** Whether a name leads anywhere: to an entry, or to the error of the file meant to define it. */
  knows(name: string): boolean {
    return this.#byKey.has(keyOf(name))
  }

  /** By alias or name (personas) or by name or alias (templates), in any case; `@` is ignored. */
  get(name: string): T | undefined {
    const found = this.#byKey.get(keyOf(name))
    return found && 'entry' in found ? found.entry : undefined
  }

  /** Like `get`, but a name that is unknown, or whose file is broken, throws a ConfigError. */
  require(name: string): T {
    const found = this.#byKey.get(keyOf(name))
    if (found && 'entry' in found) return found.entry
    if (found) throw found.error
    const known = this.#known
    const meant = didYouMean(name.trim().replace(/^@/, ''), [...this.#byKey.keys()])
    const suggestion = meant ? ` (did you mean "${meant}"?)` : ''
    const none =
      this.problems.length > 0
        ? `none (every ${this.#noun} file has a problem)`
        : `none (no ${this.#noun} files were found)`
    const list = known.length > 0 ? known.join(', ') : none
    throw new ConfigError(`unknown ${this.#noun} "${name}"${suggestion}; known: ${list}`)
  }
}

export type PersonaRegistry = Registry<PersonaEntry>
export type TemplateRegistry = Registry<TemplateEntry>

function keyOf(name: string): string {
  return name.trim().replace(/^@/, '').toLowerCase()
}

async function loadRegistry<T, E extends Origin>(
  dirs: RegistryDirs,
  kind: Kind<T, E>,
  /** Reads only this file of the bundled layer (its base name); absent: every file. */
  bundledFile?: string,
): Promise<Registry<E>> {
  const layers: [ConfigSource, string | null][] = [
    ['project', dirs.project],
    ['user', dirs.user],
    ['bundled', dirs.bundled],
  ]
  const loaded = await Promise.all(
    layers.map(async ([source, base]) => {
      if (base === null) return { source, reads: [], problem: null }
      const listed = await layerFiles(base, kind.folder, kind.folder === 'personas')
      const { problem } = listed
      const files =
        source === 'bundled' && bundledFile !== undefined
          ? listed.files.filter((file) => basename(file) === bundledFile)
          : listed.files
      const reads = await Promise.all(
        files.map(async (file) => ({
          file,
          items: await kind.read(file, layerBoundary(source, base)),
        })),
      )
      return { source, reads, problem }
    }),
  )

  const entries: E[] = []
  const known: string[] = []
  const byKey = new Map<string, { entry: E } | { error: ConfigError }>()
  const owner = new Map<string, { source: ConfigSource; file: string }>()
  const problems: ConfigError[] = []
  for (const { source, reads, problem } of loaded) {
    if (problem) problems.push(problem)
    for (const { file, items } of reads) {
      for (const item of items) {
        if ('error' in item) {
          problems.push(item.error)
          for (const key of item.keys.map(keyOf)) {
            if (owner.has(key)) continue
            owner.set(key, { source, file })
            byKey.set(key, { error: item.error })
          }
          continue
        }
        const keys = kind.keys(item.value).map(keyOf)
        const clash = keys.map((key) => ({ key, by: owner.get(key) })).find(({ by }) => by)
        if (clash?.by) {
          // Hidden by a broken file: its other names lead to that file's error too.
          const claimed = byKey.get(clash.key)
          const byBroken = claimed !== undefined && 'error' in claimed
          if (byBroken) {
            for (const key of keys.filter((key) => !owner.has(key))) {
              owner.set(key, clash.by)
              byKey.set(key, claimed)
            }
          }
          // A higher layer overriding this one is the point of layers; within a layer it is a slip.
          if (clash.by.source === source && !byBroken) {
            problems.push(
              new ConfigError(
                `${kind.noun} "${clash.key}" is already defined in ${clash.by.file}; this one is ignored`,
                { file },
              ),
            )
          }
          continue
        }
        const entry = kind.entry(item.value, { source, file })
        entries.push(entry)
        known.push(kind.keys(item.value)[0] ?? '')
        for (const key of keys) {
          owner.set(key, { source, file })
          byKey.set(key, { entry })
        }
      }
    }
  }
  return new Registry(kind.noun, entries, known, byKey, problems)
}

/** Loads the personas of every layer. Never throws for a broken file: see `problems`. */
export function loadPersonas(dirs: RegistryDirs): Promise<PersonaRegistry> {
  return loadRegistry(dirs, {
    noun: 'persona',
    folder: 'personas',
    keys: (persona: Persona) => [persona.alias, persona.name],
    read: readPersonaFile,
    entry: (persona, origin): PersonaEntry => ({ persona, ...origin }),
  })
}

const TEMPLATES: Kind<Template, TemplateEntry> = {
  noun: 'template',
  folder: 'templates',
  keys: (template: Template) => [template.name, ...template.aliases],
  read: readTemplateFile,
  entry: (template, origin): TemplateEntry => ({ template, ...origin }),
}

/** Loads the templates of every layer. Never throws for a broken file: see `problems`. */
export function loadTemplates(dirs: RegistryDirs): Promise<TemplateRegistry> {
  return loadRegistry(dirs, TEMPLATES)
}

/**
 * The registry as it answers for one template name, reading as little as it can: the project's
 * and the user's layers whole (any of their files may define or hide the name), and of the
 * bundled layer only the file named after it, since each bundled template lives in the file of
 * its own name (a test holds the package to that). A name that file does not define (an alias)
 * loads every layer. Parsing the six bundled templates was most of a `status`'s own CPU.
 */
async function templatesFor(dirs: RegistryDirs, name: string): Promise<TemplateRegistry> {
  const narrowed = await loadRegistry(dirs, TEMPLATES, `${keyOf(name)}.yaml`)
  return narrowed.knows(name) ? narrowed : loadTemplates(dirs)
}

/** The template of a name or alias, as `loadTemplates(dirs).get(name)` gives it. */
export async function findTemplate(
  dirs: RegistryDirs,
  name: string,
): Promise<TemplateEntry | undefined> {
  return (await templatesFor(dirs, name)).get(name)
}

/** As `loadTemplates(dirs).require(name)`: an unknown name or a broken file throws a ConfigError. */
export async function requireTemplate(dirs: RegistryDirs, name: string): Promise<TemplateEntry> {
  return (await templatesFor(dirs, name)).require(name)
}
