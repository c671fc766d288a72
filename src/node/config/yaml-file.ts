/**
 * Reading a YAML file a person wrote and checking it against a schema, with every problem
 * reported at its line: `personas/architect.yaml:7: type: must be "voting" or "background"
 * (got "voter")`. The `yaml` package's LineCounter maps each issue's path back to the key (or
 * list item) it came from; a missing field points at the mapping that should hold it.
 */
import { readFile } from 'node:fs/promises'

import { isAlias, isMap, isNode, isScalar, isSeq, LineCounter, parseDocument } from 'yaml'
import type { Document, Node } from 'yaml'
import type { z } from 'zod'

import { validateWith } from '../../core/config/issues.js'
import type { IssuePath } from '../../core/config/issues.js'
import { ConfigError } from './config-error.js'
import { cachedYaml, rememberYaml } from './yaml-cache.js'
import type { CachedYaml } from './yaml-cache.js'

export { ConfigError } from './config-error.js'
export { formatIssue } from '../../core/config/issues.js'

/** A parsed YAML file, kept with what is needed to point back into it. */
export interface YamlSource {
  file: string
  doc: Document.Parsed
  lineCounter: LineCounter
  /** The document as plain data; null when the file is empty (or holds only comments). */
  data: unknown
  empty: boolean
}

export interface Position {
  /** 1-based. */
  line: number
  /** 1-based. */
  column: number
}

/** Parses YAML text; a syntax error becomes a ConfigError at its line and column. */
export function parseYamlText(file: string, text: string): YamlSource {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: false })
  const [syntax] = doc.errors
  if (syntax !== undefined) {
    const { line, col } = lineCounter.linePos(syntax.pos[0])
    // The first line only: later ones are the `yaml` package's excerpt of the source.
    const what = syntax.message.split('\n')[0]?.trim() ?? syntax.code
    throw new ConfigError(`YAML syntax error: ${what}`, { file, line, column: col })
  }
  let data: unknown
  try {
    data = doc.toJS({ maxAliasCount: 100 })
  } catch (error) {
    // An alias to an anchor that is not defined, or an alias bomb.
    throw new ConfigError(`YAML error: ${(error as Error).message}`, { file })
  }
  return { file, doc, lineCounter, data: data ?? null, empty: doc.contents === null }
}

/** Reads and parses a YAML file; an unreadable file becomes a ConfigError naming it. */
export async function readYamlSource(file: string): Promise<YamlSource> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw new ConfigError('no such file', { file })
    if (code === 'EISDIR') throw new ConfigError('is a folder, not a YAML file', { file })
    throw new ConfigError(`cannot be read (${code ?? String(error)})`, { file })
  }
  const cached = await cachedYaml(file, text)
  if (cached) return parsedOnDemand(file, text, cached)
  const source = parseYamlText(file, text)
  void rememberYaml(file, text, { data: source.data, empty: source.empty })
  return source
}

/**
 * A source whose data came from the cache: the document (only needed to point at a line when
 * the data turns out wrong) is parsed the first time it is asked for.
 */
function parsedOnDemand(file: string, text: string, cached: CachedYaml): YamlSource {
  let parsed: YamlSource | undefined
  const parse = (): YamlSource => (parsed ??= parseYamlText(file, text))
  return {
    file,
    data: cached.data,
    empty: cached.empty,
    get doc() {
      return parse().doc
    },
    get lineCounter() {
      return parse().lineCounter
    },
  }
}

/**
 * Where `path` is in the file: the key of the last mapping entry found along the path, or the
 * list item; when the path goes further than the file does (a missing field), the nearest
 * parent that exists.
 */
export function locate(source: YamlSource, path: IssuePath): Position {
  let node: unknown = source.doc.contents
  let anchor: Node | null = isNode(node) ? node : null
  for (const segment of path) {
    if (isAlias(node)) node = node.resolve(source.doc)
    if (isMap(node)) {
      const pair = node.items.find((item) =>
        isScalar(item.key) ? String(item.key.value) === String(segment) : item.key === segment,
      )
      if (pair === undefined) break
      if (isNode(pair.key)) anchor = pair.key
      node = pair.value
    } else if (isSeq(node) && typeof segment === 'number') {
      const item: unknown = node.items[segment]
      if (!isNode(item)) break
      anchor = item
      node = item
    } else {
      break
    }
  }
  const { line, col } = source.lineCounter.linePos(anchor?.range?.[0] ?? 0)
  return { line, column: col }
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
  if (source.empty && at.length === 0) {
    const expected = options.expected ? `; expected ${options.expected}` : ''
    throw new ConfigError(`the file is empty${expected}`, { file: source.file })
  }
  const value = at.reduce<unknown>(
    (parent, key) => (parent as Record<string | number, unknown> | null)?.[key],
    source.data,
  )
  const result = validateWith(schema, value, at)
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

/** Reads a YAML file and checks it against `schema`; any problem is a one-line ConfigError. */
export async function loadYamlFile<T>(
  file: string,
  schema: z.ZodType<T>,
  options: ValidateOptions = {},
): Promise<T> {
  return validateYaml(await readYamlSource(file), schema, options)
}
