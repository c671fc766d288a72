/**
 * Writing a persona as YAML, the way the bundled ones read: the fields in their usual order, the
 * personality as a literal block, defaults left out. A file is only replaced when it already
 * holds this very persona, so a save never overwrites a different persona's file.
 */
import { readFile, realpath, rm } from 'node:fs/promises'
import { basename, dirname, join, sep } from 'node:path'

import { stringify } from 'yaml'

import { PARSE_OPTIONS } from '../../core/config/issues.js'
import { personaSchema } from '../../core/personas/schema.js'
import type { Persona, PersonaInput } from '../../core/personas/schema.js'
import { ensureFolderInside, replaceDurably } from '../store/durable-write.js'
import type { WriteRoots } from '../store/durable-write.js'
import { ConfigError } from './config-error.js'
import { PARTICIPANTS_FILE } from './registry-files.js'

/** The persona as the text of its own YAML file. */
export function personaYaml(input: PersonaInput): string {
  const persona: Persona = personaSchema.parse(input, PARSE_OPTIONS)
  const data: Record<string, unknown> = {
    name: persona.name,
    alias: persona.alias,
    role: persona.role,
    personality: persona.personality.endsWith('\n')
      ? persona.personality
      : `${persona.personality}\n`,
  }
  if (persona.expertise.length > 0) data.expertise = persona.expertise
  if (persona.concerns.length > 0) data.concerns = persona.concerns
  data.type = persona.type
  if (persona.provider_hint !== null) data.provider_hint = persona.provider_hint
  if (persona.command !== undefined) data.command = persona.command
  return stringify(data, { lineWidth: 0, blockQuote: 'literal' })
}

async function aliasInFile(file: string): Promise<string | null | undefined> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    return undefined // no such file
  }
  return /^alias:\s*['"]?([\w-]+)/m.exec(text)?.[1] ?? null
}

/**
 * Saves the persona into `dir` (a layer's `personas/` folder): into `current` when that is its
 * own file in this folder, else `<alias>.yaml`. Returns the file and whether it was replaced.
 * `within` is the layer's root (the project, or the user's config folder): `dir` must lie inside
 * it after links, so a project's `.discussions` link cannot send a persona elsewhere.
 */
export async function savePersonaFile(
  input: PersonaInput,
  dir: string,
  current: string | null = null,
  within: WriteRoots = dir,
): Promise<{ file: string; replaced: boolean }> {
  const text = personaYaml(input)
  const alias = personaSchema.parse(input, PARSE_OPTIONS).alias
  const own =
    current !== null &&
    current.startsWith(`${dir}/`) &&
    basename(current) !== PARTICIPANTS_FILE &&
    (await aliasInFile(current)) === alias
  const file = own && current ? current : join(dir, `${alias}.yaml`)
  const found = await aliasInFile(file)
  if (found !== undefined && found !== alias)
    throw new ConfigError(
      `${file} already holds another persona${found ? ` ("${found}")` : ''}; choose another alias`,
      { file },
    )
  await ensureFolderInside(dir, within)
  await replaceDurably(file, text, within)
  return { file, replaced: found !== undefined }
}

/**
 * Deletes the persona file `file` of `alias`, which must be its own file (not the shared
 * participants file, and naming that alias) lying in `dir`, itself inside `within` after links:
 * a project's linked folder cannot make the app delete a file elsewhere.
 */
export async function deletePersonaFile(
  alias: string,
  file: string,
  dir: string,
  within: string,
): Promise<void> {
  if (basename(file) === PARTICIPANTS_FILE || dirname(file) !== dir)
    throw new ConfigError(`${file} is not a persona file of its own; edit it by hand instead`, {
      file,
    })
  const [realDir, realRoot] = await Promise.all([realpath(dir), realpath(within)])
  if (realDir !== realRoot && !realDir.startsWith(`${realRoot}${sep}`))
    throw new ConfigError(`${dir} lies outside ${within}; the app does not delete there`, { file })
  if ((await aliasInFile(file)) !== alias)
    throw new ConfigError(`${file} does not hold the persona "${alias}"`, { file })
  await rm(file)
}
