/**
 * Reading the files of one registry layer: each persona or template file, and the seed's
 * `participants.yaml` list whose entries are checked one by one, so one bad entry hides no other.
 * A file that fails becomes a record of its error and the names it was meant to define.
 */
import type { Dirent } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { basename, dirname, extname, join } from 'node:path'

import type * as z from 'zod'

import { participantsListOutlineSchema, personaSchema } from '../../core/personas/schema.js'
import type { Persona } from '../../core/personas/schema.js'
import { templateSchema } from '../../core/templates/schema.js'
import type { Template } from '../../core/templates/schema.js'
import { somethingAt } from '../files/something-at.js'
import { ConfigError } from './config-error.js'
import { readYamlSource, validateYaml } from './yaml-file.js'
import type { YamlSource } from './yaml-file.js'

/** The seed's single-file list of personas, read in each layer's folder beside `personas/`. */
export const PARTICIPANTS_FILE = 'participants.yaml'

/** One entry read from a file, or one that failed with the names it was meant to have. */
export type Read<T> = { value: T } | { error: ConfigError; keys: string[] }

/** The names a file that failed to load was probably meant to define: its own name and keys. */
function intendedKeys(file: string, raw: unknown, fields: readonly string[]): string[] {
  const keys = [basename(file, extname(file))]
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const field of fields) {
      const value = (raw as Record<string, unknown>)[field]
      if (typeof value === 'string') keys.push(value)
      if (Array.isArray(value)) keys.push(...value.filter((item) => typeof item === 'string'))
    }
  }
  return keys
}

const PERSONA_EXPECTED = 'a persona with name, alias, role and personality'

/**
 * `within`: for a project's file, the project's root, which the file must really be in (see
 * `projectRoot`); null for the user's own and the bundled files.
 */
export async function readPersonaFile(
  file: string,
  within: string | null = null,
): Promise<Read<Persona>[]> {
  let source: YamlSource
  try {
    source = await readYamlSource(file, within)
  } catch (error) {
    return [{ error: asConfigError(error, file), keys: intendedKeys(file, null, []) }]
  }
  const data = source.data
  const isList = data !== null && typeof data === 'object' && 'participants' in data
  // A broken persona claims its alias, not its display name: a copied file with a stale `name:`
  // must not hide the persona it was copied from.
  if (!isList) return [readOne(source, personaSchema, PERSONA_EXPECTED, ['alias'])]
  let list: unknown[]
  try {
    list = validateYaml(source, participantsListOutlineSchema).participants
  } catch (error) {
    return [{ error: asConfigError(error, file), keys: [] }]
  }
  return list.map((raw, index): Read<Persona> => {
    try {
      return { value: validateYaml(source, personaSchema, { at: ['participants', index] }) }
    } catch (error) {
      const keys = intendedKeys(file, raw, ['alias']).slice(1)
      return { error: asConfigError(error, file), keys }
    }
  })
}

export async function readTemplateFile(
  file: string,
  within: string | null = null,
): Promise<Read<Template>[]> {
  try {
    const source = await readYamlSource(file, within)
    return [readOne(source, templateSchema, 'a template with name and phases', ['name', 'aliases'])]
  } catch (error) {
    return [{ error: asConfigError(error, file), keys: intendedKeys(file, null, []) }]
  }
}

function readOne<T>(
  source: YamlSource,
  schema: z.ZodType<T>,
  expected: string,
  keyFields: readonly string[],
): Read<T> {
  try {
    return { value: validateYaml(source, schema, { expected }) }
  } catch (error) {
    return {
      error: asConfigError(error, source.file),
      keys: intendedKeys(source.file, source.data, keyFields),
    }
  }
}

function asConfigError(error: unknown, file: string): ConfigError {
  if (error instanceof ConfigError) return error
  return new ConfigError(`cannot be loaded (${String(error)})`, { file })
}

/**
 * What a layer's files must really be inside: for the project's layer (`<root>/.discussions`),
 * the project's root, since a cloned repository may hold links to anywhere; the user's own and
 * the bundled layers are trusted as they are (null).
 */
export function layerBoundary(source: 'project' | 'user' | 'bundled', base: string): string | null {
  return source === 'project' ? dirname(base) : null
}

/** The YAML files of one layer, in name order; a missing folder is simply an empty layer. */
export async function layerFiles(
  base: string,
  folder: string,
  withParticipants: boolean,
): Promise<{ files: string[]; problem: ConfigError | null }> {
  const dir = join(base, folder)
  let dirents: Dirent[] = []
  let problem: ConfigError | null = null
  try {
    dirents = await readdir(dir, { withFileTypes: true })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      problem = new ConfigError(`folder cannot be read (${code ?? String(error)})`, { file: dir })
    }
  }
  const files = dirents
    .filter((d) => !d.isDirectory() && !d.name.startsWith('.') && /\.ya?ml$/i.test(d.name))
    .map((d) => d.name)
    .sort()
    .map((name) => join(dir, name))
  const list = join(base, PARTICIPANTS_FILE)
  if (withParticipants && somethingAt(list)) files.push(list)
  return { files, problem }
}
