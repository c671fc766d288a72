/**
 * Reading a YAML file a person wrote and checking it against a schema, with every problem
 * reported at its line: `personas/architect.yaml:7: type: must be "voting" or "background"
 * (got "voter")`. The `yaml` package's LineCounter maps each issue's path back to the key (or
 * list item) it came from; a missing field points at the mapping that should hold it.
 */
import type { z } from 'zod'

import { validateWith } from '../../core/config/issues.js'
import type { IssuePath } from '../../core/config/issues.js'
import { NotReadableError, readRegularFile } from '../files/read-regular-file.js'
import { ConfigError } from './config-error.js'
import { parseYamlText } from './yaml-parse.js'
import type { Position, YamlSource } from './yaml-parse.js'

export { ConfigError } from './config-error.js'
export { formatIssue } from '../../core/config/issues.js'
export type { Position, YamlSource } from './yaml-parse.js'

/** Far above any settings file a person writes; a larger one is a mistake or an attack. */
export const MAX_YAML_BYTES = 1024 * 1024

/** The file's text; one that cannot or must not be read becomes a ConfigError naming it. */
function readYamlText(file: string, within: string | null): string {
  try {
    return readRegularFile(file, MAX_YAML_BYTES, { within }).toString('utf8')
  } catch (error) {
    if (error instanceof NotReadableError) {
      if (error.code === 'EISDIR') throw new ConfigError('is a folder, not a YAML file', { file })
      if (error.code === 'EOUTSIDE')
        throw new ConfigError(
          `is a link to a file outside the project (${within ?? ''}); a project's settings are read only from inside it. Put the file itself there, or keep it in your own config folder`,
          { file },
        )
      if (error.code === 'ENOTREGULAR')
        throw new ConfigError(
          'is not a plain file (a device, a pipe, or a link to one); make it a plain YAML file',
          { file },
        )
      throw new ConfigError(`${error.message}: too large for a settings file`, { file })
    }
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw new ConfigError('no such file', { file })
    throw new ConfigError(`cannot be read (${code ?? String(error)})`, { file })
  }
}

/**
 * Reads and parses a YAML file; an unreadable file becomes a ConfigError naming it. `within`: the
 * project the file belongs to, when it is a project's (untrusted) file: it must really be in it.
 */
export async function readYamlSource(
  file: string,
  within: string | null = null,
): Promise<YamlSource> {
  // Read at once, not through the thread pool: see read-regular-file.ts.
  return Promise.resolve(parseYamlText(file, readYamlText(file, within)))
}

/**
 * Where `path` is in the file: the key of the last mapping entry found along the path, or the
 * list item; when the path goes further than the file does (a missing field), the nearest
 * parent that exists.
 */
export function locate(source: YamlSource, path: IssuePath): Position {
  return source.positionOf(path)
}

export interface ValidateOptions {
  /** Where the value to check sits in the file: `['participants', 2]`; default the whole file. */
  at?: IssuePath
  /** What the file should hold, for the message about an empty file: `a persona (name, ...)`. */
  expected?: string
}

/**
 * Checks the parsed file (or the part of it at `options.at`) against `schema`. Throws one
 * ConfigError for the first problem in the file, with the others in its `more`.
 */
export function validateYaml<T>(
  source: YamlSource,
  schema: z.ZodType<T>,
  options: ValidateOptions = {},
): T {
  const at = options.at ?? []
  const result = validateWith(schema, valueToCheck(source, options), at)
  if (result.success) return result.data
  const located = result.issues
    .map((issue, order) => ({ issue, order, position: locate(source, issue.path) }))
    .sort(
      (a, b) =>
        a.position.line - b.position.line ||
        a.position.column - b.position.column ||
        a.order - b.order,
    )
    .map(
      ({ issue, position }) =>
        new ConfigError(issue.message, { file: source.file, line: position.line }),
    )
  const [first, ...more] = located
  if (first === undefined) throw new ConfigError('is not valid', { file: source.file })
  throw new ConfigError(first.reason, { file: source.file, line: first.line, more })
}

/** What `options.at` points at in the file; an empty file is a ConfigError when it is the whole. */
function valueToCheck(source: YamlSource, options: ValidateOptions): unknown {
  const at = options.at ?? []
  if (source.empty && at.length === 0) {
    const expected = options.expected ? `; expected ${options.expected}` : ''
    throw new ConfigError(`the file is empty${expected}`, { file: source.file })
  }
  return at.reduce<unknown>(
    (parent, key) => (parent as Record<string | number, unknown> | null)?.[key],
    source.data,
  )
}

/** Reads a YAML file and checks it against `schema`; any problem is a one-line ConfigError. */
export async function loadYamlFile<T>(
  file: string,
  schema: z.ZodType<T>,
  options: ValidateOptions = {},
): Promise<T> {
  return validateYaml(await readYamlSource(file), schema, options)
}
